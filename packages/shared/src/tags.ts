// Tag entity (01-core §3 Tag). Schemas for the tag calls live here too.
import { z } from 'zod';
import { idParam, validationMessages } from './validation.ts';

export type TagView = { id: number; name: string; color: string; kanban: number };

export const TAG_NAME_BOUNDS = { min: 1, max: 100 } as const;

// The web sends companyId with several calls; the tenant comes from the token, so it is
// accepted and ignored.
const ignoredCompanyId = z.unknown().optional();

const kanbanFlag = z.union([z.literal(0), z.literal(1)]);

export const tagCreateBody = z.strictObject({
  name: z
    .string({ error: validationMessages.required })
    .trim()
    .min(TAG_NAME_BOUNDS.min, validationMessages.required)
    .max(TAG_NAME_BOUNDS.max, validationMessages.tooLong),
  // a tag typed in the contact tag box gets a random colour (01-core §5); the server picks one
  // when none is sent
  color: z
    .string()
    .trim()
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'validation.invalidColor')
    .optional(),
  kanban: kanbanFlag.default(0),
  companyId: ignoredCompanyId,
});
export type TagCreateBody = z.infer<typeof tagCreateBody>;

// GET /tags/list?kanban=0|1 (query values arrive as strings)
export const tagsListQuery = z.strictObject({
  kanban: z.enum(['0', '1']).transform(Number).optional(),
  companyId: ignoredCompanyId,
});
export type TagsListQuery = z.infer<typeof tagsListQuery>;

// POST /tags/sync replaces a contact's tags. The web sends whole tag objects; only ids count.
export const tagsSyncBody = z.strictObject({
  contactId: idParam,
  tags: z.array(z.object({ id: idParam })).max(500),
  companyId: ignoredCompanyId,
});
export type TagsSyncBody = z.infer<typeof tagsSyncBody>;

export type ContactTagsAnswer = { tags: TagView[] };
