import { randomBytes } from 'node:crypto';
import type { TagCreateBody, TagsListQuery, TagView } from '@atende/shared/tags';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { invalidField } from '../../platform/errors.ts';
import * as repo from './tags.repo.ts';

type Deps = { db: Db };

const randomColor = () => `#${randomBytes(3).toString('hex')}`;

export const createTagsService = ({ db }: Deps) => ({
  create: async (tenant: TenantContext, body: TagCreateBody): Promise<TagView> =>
    repo
      .insertTag(db, tenant.companyId, { name: body.name, color: body.color ?? randomColor(), kanban: body.kanban })
      .catch((error: unknown) => {
        // names are unique per company (tags_company_name_key)
        if (isUniqueViolation(error, 'tags_company_name_key')) throw invalidField('body.name', 'validation.duplicated');
        throw error;
      }),

  list: (tenant: TenantContext, query: TagsListQuery): Promise<TagView[]> =>
    repo.listTags(db, tenant.companyId, { kanban: query.kanban }),
});

export type TagsService = ReturnType<typeof createTagsService>;
