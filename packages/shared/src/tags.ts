// Tag / lane entity (01-core §3 Tag, 02-operations §3 Tag / lane). Schemas for the tag calls live here too.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { idParam, pageNumberQuery, searchParamQuery, validationMessages } from './validation.ts';

const id = z.number().int();

// The short form a contact or a ticket carries.
const tagSummaryFields = { id, name: z.string(), color: z.string(), kanban: id };
export const tagView = z.object(tagSummaryFields).meta({ id: 'TagSummary' });
export type TagView = z.infer<typeof tagView>;

// A tag with its lane fields (02-operations §3): after timeLane hours in the lane a ticket moves
// to nextLaneId (greeted with greetingMessageLane when set); a customer reply moves it to
// rollbackLaneId. timeLane 0 means no timer.
const laneFields = z.object({
  timeLane: id,
  nextLaneId: id.nullable(),
  rollbackLaneId: id.nullable(),
  greetingMessageLane: z.string(),
  userId: id.nullable(),
});
export type LaneFields = z.infer<typeof laneFields>;
// ticketTags and contacts are how many tickets sit in the lane and how many contacts carry the tag.
export const tagRecordView = z.object({ ...tagSummaryFields, ...laneFields.shape, ticketTags: id, contacts: id }).meta({ id: 'Tag' });
export type TagRecordView = z.infer<typeof tagRecordView>;
export const tagContactView = z.object({ id, name: z.string(), number: z.string(), urlPicture: z.string() }).meta({ id: 'TagContact' });
export type TagContactView = z.infer<typeof tagContactView>;
export const tagDetailView = z.object({ ...tagSummaryFields, ...laneFields.shape, ticketTags: id, contacts: z.array(tagContactView) }).meta({ id: 'TagDetail' });
export type TagDetailView = z.infer<typeof tagDetailView>;
export const tagsPage = z.object({ tags: z.array(tagRecordView), count: id, hasMore: z.boolean() }).meta({ id: 'TagPage' });
export type TagsPage = z.infer<typeof tagsPage>;

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

export const tagCreateBody = z.strictObject(tagFields).meta({ id: 'TagBody' });
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
}).meta({ id: 'TagUpdateBody' });
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

const tagParams = z.strictObject({ tagId: idParam });
const notFound = { 404: ['ERR_NOT_FOUND'] } as const;

// 01-core §7 and 02-operations §7 Tags and kanban: the tag screens' calls (a contact's tags are the
// contacts area's; the board's lanes, packages/shared/src/kanban.ts)
export const tagsEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/tags',
    query: tagsPageQuery,
    response: tagsPage,
    operationId: 'searchTags',
    summary: "A page of the company's tags, searched by name, with their ticket and contact counts",
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/tags/list',
    query: tagsListQuery,
    response: z.array(tagView),
    operationId: 'listTags',
    summary: "Every tag of the company by name (the pickers' list), or only its lanes or only plain tags",
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/tags/:tagId',
    params: tagParams,
    response: tagDetailView,
    operationId: 'showTag',
    summary: 'One tag with its lane fields and the contacts that carry it',
    errors: notFound,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/tags',
    body: tagCreateBody,
    response: tagRecordView,
    status: 201,
    operationId: 'createTag',
    summary: 'Adds a tag, or a kanban lane (kanban 1, plan flag useKanban); names are unique in the company',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/tags/:tagId',
    params: tagParams,
    body: tagUpdateBody,
    response: tagRecordView,
    operationId: 'updateTag',
    summary: 'Changes a tag; the fields left out are kept',
    errors: notFound,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/tags/:tagId',
    params: tagParams,
    response: null,
    status: 204,
    operationId: 'deleteTag',
    summary: 'Removes a tag; its tickets leave its lane',
    errors: notFound,
  }),
  removeContact: defineEndpoint({
    method: 'DELETE',
    path: '/tags-contacts/:tagId/:contactId',
    params: z.strictObject({ tagId: idParam, contactId: idParam }),
    response: null,
    status: 204,
    operationId: 'deleteTagContact',
    summary: 'Takes the tag off a contact',
    errors: notFound,
  }),
};
