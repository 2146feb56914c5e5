// Tag / lane entity (01-core §3 Tag, 02-operations §3 Tag / lane). Schemas for the tag calls live here too.
import { z } from 'zod';
import { idParam, pageNumberQuery, searchParamQuery, validationMessages } from './validation.ts';

// The short form a contact or a ticket carries.
export type TagView = { id: number; name: string; color: string; kanban: number };

// A tag with its lane fields (02-operations §3): after timeLane hours in the lane a ticket moves
// to nextLaneId (greeted with greetingMessageLane when set); a customer reply moves it to
// rollbackLaneId. timeLane 0 means no timer.
export type LaneFields = {
  timeLane: number;
  nextLaneId: number | null;
  rollbackLaneId: number | null;
  greetingMessageLane: string;
  userId: number | null;
};
// ticketTags and contacts are how many tickets sit in the lane and how many contacts carry the tag.
export type TagRecordView = TagView & LaneFields & { ticketTags: number; contacts: number };
export type TagContactView = { id: number; name: string; number: string; urlPicture: string };
export type TagDetailView = TagView & LaneFields & { ticketTags: number; contacts: TagContactView[] };
export type TagsPage = { tags: TagRecordView[]; count: number; hasMore: boolean };

// 02-operations §5: name required, at least 3 characters (01-core §5 'Tag muito curta!').
export const TAG_NAME_BOUNDS = { min: 3, max: 100 } as const;
export const TAG_TIME_LANE_MAX_HOURS = 8760;
export const TAG_GREETING_MAX = 5000;
export const TAGS_PAGE_SIZE = 20;

// The web sends companyId with several calls; the tenant comes from the token, so it is
// accepted and ignored.
const ignoredCompanyId = z.unknown().optional();

const kanbanFlag = z.union([z.literal(0), z.literal(1)]);

const tagFields = {
  name: z
    .string({ error: validationMessages.required })
    .trim()
    .min(1, validationMessages.required)
    .min(TAG_NAME_BOUNDS.min, validationMessages.tooShort)
    .max(TAG_NAME_BOUNDS.max, validationMessages.tooLong),
  // a tag typed in the contact tag box gets a random colour (01-core §5); the server picks one
  // when none is sent
  color: z
    .string()
    .trim()
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'validation.invalidColor')
    .optional(),
  kanban: kanbanFlag.default(0),
  timeLane: z.number().int().min(0).max(TAG_TIME_LANE_MAX_HOURS).default(0),
  nextLaneId: idParam.nullable().default(null),
  rollbackLaneId: idParam.nullable().default(null),
  greetingMessageLane: z.string().max(TAG_GREETING_MAX, validationMessages.tooLong).default(''),
  userId: idParam.nullable().default(null),
  companyId: ignoredCompanyId,
};

export const tagCreateBody = z.strictObject(tagFields);
export type TagCreateBody = z.infer<typeof tagCreateBody>;

// PUT /tags/{id}: the fields sent change, the others stay.
export const tagUpdateBody = z.strictObject({
  name: tagFields.name.optional(),
  color: tagFields.color,
  kanban: kanbanFlag.optional(),
  timeLane: z.number().int().min(0).max(TAG_TIME_LANE_MAX_HOURS).optional(),
  nextLaneId: idParam.nullable().optional(),
  rollbackLaneId: idParam.nullable().optional(),
  greetingMessageLane: z.string().max(TAG_GREETING_MAX, validationMessages.tooLong).optional(),
  userId: idParam.nullable().optional(),
  companyId: ignoredCompanyId,
});
export type TagUpdateBody = z.infer<typeof tagUpdateBody>;

// GET /tags/list?kanban=0|1 (query values arrive as strings)
export const tagsListQuery = z.strictObject({
  kanban: z.enum(['0', '1']).transform(Number).optional(),
  companyId: ignoredCompanyId,
});
export type TagsListQuery = z.infer<typeof tagsListQuery>;

// GET /tags/ (02-operations §7): search on the name, pages of TAGS_PAGE_SIZE, kanban filter,
// tagId narrows the answer to one tag.
export const tagsPageQuery = z.strictObject({
  searchParam: searchParamQuery,
  pageNumber: pageNumberQuery,
  kanban: z.enum(['0', '1']).transform(Number).optional(),
  tagId: idParam.optional(),
  companyId: ignoredCompanyId,
});
export type TagsPageQuery = z.infer<typeof tagsPageQuery>;

// POST /tags/sync replaces a contact's tags. The web sends whole tag objects; only ids count.
export const tagsSyncBody = z.strictObject({
  contactId: idParam,
  tags: z.array(z.object({ id: idParam })).max(500),
  companyId: ignoredCompanyId,
});
export type TagsSyncBody = z.infer<typeof tagsSyncBody>;

export type ContactTagsAnswer = { tags: TagView[] };
