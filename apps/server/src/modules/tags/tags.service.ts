// Tags and lanes (02-operations §3 Tag / lane, §5 Tag, §7 Tags and kanban): CRUD, the contacts of
// a tag, live company{id}-tag.
import { randomBytes } from 'node:crypto';
import {
  TAGS_PAGE_SIZE,
  type TagCreateBody,
  type TagDetailView,
  type TagRecordView,
  type TagsListQuery,
  type TagsPage,
  type TagsPageQuery,
  type TagUpdateBody,
  type TagView,
} from '@atende/shared/tags';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { companyPlanAllows } from '../../platform/access.repo.ts';
import { forbidden, invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { findUser } from '../users/users.repo.ts';
import * as repo from './tags.repo.ts';
import { loadTagDetailView, loadTagRecordViews } from './tag-views.repo.ts';

type Deps = { db: Db; bus: EventBus };

// also the colour of a tag an import names and the company lacks
export const randomColor = () => `#${randomBytes(3).toString('hex')}`;
const tagNotFound = () => notFound('ERR_NOT_FOUND');

const translateDuplicate = (error: unknown): never => {
  // names are unique per company (tags_company_name_key)
  if (isUniqueViolation(error, 'tags_company_name_key')) throw invalidField('body.name', 'validation.duplicated');
  throw error;
};

export const createTagsService = ({ db, bus }: Deps) => {
  const publish = (companyId: number, tag: TagRecordView) => bus.publish({ companyId, event: 'tag', payload: { action: 'update', tag } });

  const recordOf = async (companyId: number, row: repo.TagRow) => (await loadTagRecordViews(db, companyId, [row]))[0];

  // A lane's next and rollback lanes are kanban tags of the company other than itself; its user
  // is one of the company's users.
  const checkLaneFields = async (companyId: number, tagId: number | undefined, body: TagUpdateBody) => {
    for (const field of ['nextLaneId', 'rollbackLaneId'] as const) {
      const laneId = body[field];
      if (laneId === undefined || laneId === null) continue;
      const lane = laneId === tagId ? undefined : await repo.findTag(db, companyId, laneId);
      if (!lane || lane.kanban !== 1) throw invalidField(`body.${field}`, 'validation.unknownTag');
    }
    if (body.userId && !(await findUser(db, companyId, body.userId))) throw invalidField('body.userId', 'validation.unknownUser');
  };

  // A lane is the kanban board's (02-operations §6: plan flag useKanban): a plan without it may
  // not create a lane, turn a tag into one or edit one; it may turn a lane back into a plain tag
  // or delete it.
  const checkKanbanPlan = async (companyId: number, kanban: number | undefined) => {
    if (kanban === 1 && !(await companyPlanAllows(db, companyId, 'useKanban'))) throw forbidden();
  };

  return {
    create: async (tenant: TenantContext, body: TagCreateBody): Promise<TagRecordView> => {
      await checkKanbanPlan(tenant.companyId, body.kanban);
      await checkLaneFields(tenant.companyId, undefined, body);
      const { companyId: _ignored, color, ...fields } = body;
      const row = await repo.insertTag(db, tenant.companyId, { ...fields, color: color ?? randomColor() }).catch(translateDuplicate);
      const view = await recordOf(tenant.companyId, row);
      bus.publish({ companyId: tenant.companyId, event: 'tag', payload: { action: 'create', tag: view } });
      return view;
    },

    update: async (tenant: TenantContext, tagId: number, body: TagUpdateBody): Promise<TagRecordView> => {
      const current = await repo.findTag(db, tenant.companyId, tagId);
      if (!current) throw tagNotFound();
      await checkKanbanPlan(tenant.companyId, body.kanban ?? current.kanban);
      await checkLaneFields(tenant.companyId, tagId, body);
      const { companyId: _ignored, ...fields } = body;
      const becomesLane = current.kanban !== 1 && fields.kanban === 1;
      const row = await repo.updateTag(db, tenant.companyId, tagId, fields, { toLast: becomesLane }).catch(translateDuplicate);
      if (!row) throw tagNotFound();
      const view = await recordOf(tenant.companyId, row);
      publish(tenant.companyId, view);
      return view;
    },

    remove: async (tenant: TenantContext, tagId: number) => {
      if (!(await repo.deleteTag(db, tenant.companyId, tagId))) throw tagNotFound();
      bus.publish({ companyId: tenant.companyId, event: 'tag', payload: { action: 'delete', tagId } });
    },

    show: async (tenant: TenantContext, tagId: number): Promise<TagDetailView> => {
      const row = await repo.findTag(db, tenant.companyId, tagId);
      if (!row) throw tagNotFound();
      return loadTagDetailView(db, tenant.companyId, row);
    },

    page: async (tenant: TenantContext, query: TagsPageQuery): Promise<TagsPage> => {
      const offset = (query.pageNumber - 1) * TAGS_PAGE_SIZE;
      const page = await repo.pageTags(db, tenant.companyId, {
        search: query.searchParam.trim().toLowerCase(),
        kanban: query.kanban,
        tagId: query.tagId,
        limit: TAGS_PAGE_SIZE,
        offset,
      });
      return {
        tags: await loadTagRecordViews(db, tenant.companyId, page.rows),
        count: page.count,
        hasMore: offset + page.rows.length < page.count,
      };
    },

    list: (tenant: TenantContext, query: TagsListQuery): Promise<TagView[]> => repo.listTags(db, tenant.companyId, { kanban: query.kanban }),

    // DELETE /tags-contacts/{tagId}/{contactId}: the contact no longer carries the tag.
    removeContact: async (tenant: TenantContext, tagId: number, contactId: number) => {
      const tag = await repo.findTag(db, tenant.companyId, tagId);
      if (!tag || !(await repo.removeContactTag(db, tenant.companyId, tagId, contactId))) throw tagNotFound();
      publish(tenant.companyId, await recordOf(tenant.companyId, tag));
    },
  };
};

export type TagsService = ReturnType<typeof createTagsService>;
