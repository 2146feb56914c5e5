// Quick messages (02-operations §3 Quick message, §5, §6, §7 Quick messages).
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import type { Profile } from './permissions.ts';
import { boundedText, idParam, pageNumberQuery, searchParamQuery } from './validation.ts';

const status = z.enum(['active', 'inactive']);

export const quickMessageView = z
  .object({
    id: z.number().int(),
    shortcode: z.string(),
    message: z.string(),
    geral: z.boolean(),
    visao: z.boolean(),
    status,
    userId: z.number().int().nullable(),
    mediaPath: z.string().nullable(),
    mediaName: z.string().nullable(),
  })
  .meta({ id: 'QuickMessage' });
export type QuickMessageView = z.infer<typeof quickMessageView>;
export const quickMessagesPage = z
  .object({ records: z.array(quickMessageView), count: z.number().int(), hasMore: z.boolean() })
  .meta({ id: 'QuickMessagePage' });
export type QuickMessagesPage = z.infer<typeof quickMessagesPage>;

export const QUICK_MESSAGES_PAGE_SIZE = 20;
export const QUICK_MESSAGE_MEDIA_MAX_BYTES = 20 * 1024 * 1024;

type Reader = { id: number; profile: Profile };

// Who sees a quick message: its owner, everyone when it is general (geral), or others may read it
// when visao is on. Who changes it: its owner or an admin (§6: others read only).
export const canSeeQuickMessage = (reader: Reader, record: Pick<QuickMessageView, 'userId' | 'geral' | 'visao'>) =>
  record.userId === reader.id || record.geral || record.visao;
export const canEditQuickMessage = (reader: Reader, record: Pick<QuickMessageView, 'userId'>) => reader.profile === 'admin' || record.userId === reader.id;

const ignored = z.unknown().optional();

const messageText = z.string().max(10_000, 'validation.tooLong');

export const quickMessageBody = z
  .strictObject({
  shortcode: boundedText(1, 100),
  message: messageText.default(''),
  geral: z.boolean().default(false),
  visao: z.boolean().default(false),
  status: status.default('active'),
  // the web sends these; media come through the upload call and the owner from the token
  mediaPath: ignored,
  userId: ignored,
  companyId: ignored,
  })
  .meta({ id: 'QuickMessageBody' });
export type QuickMessageBody = z.infer<typeof quickMessageBody>;

// PUT: the fields sent change, the others stay.
export const quickMessageUpdateBody = z
  .strictObject({
  shortcode: boundedText(1, 100).optional(),
  message: messageText.optional(),
  geral: z.boolean().optional(),
  visao: z.boolean().optional(),
  status: status.optional(),
  mediaPath: ignored,
  userId: ignored,
  companyId: ignored,
  })
  .meta({ id: 'QuickMessageUpdateBody' });
export type QuickMessageUpdateBody = z.infer<typeof quickMessageUpdateBody>;

export const quickMessagesPageQuery = z.strictObject({ searchParam: searchParamQuery, pageNumber: pageNumberQuery, companyId: ignored, userId: ignored });
export type QuickMessagesPageQuery = z.infer<typeof quickMessagesPageQuery>;

export const quickMessagesListQuery = z.strictObject({ companyId: ignored, userId: ignored });

const quickMessageParams = z.strictObject({ id: idParam });
const notFound = { 404: ['ERR_NOT_FOUND'] } as const;
// changing one takes its owner or an admin
const notFoundOrNotOwner = { 403: ['ERR_NO_PERMISSION'], 404: ['ERR_NOT_FOUND'] } as const;

// 02-operations §7 Quick messages calls
export const quickMessagesEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: '/quick-messages',
    query: quickMessagesPageQuery,
    response: quickMessagesPage,
    operationId: 'listQuickMessagesPage',
    summary: 'A page of the quick messages the user sees, searched by shortcut',
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/quick-messages/list',
    query: quickMessagesListQuery,
    response: z.array(quickMessageView),
    operationId: 'listQuickMessages',
    summary: "The active quick messages the user sees, for the chat's '/' suggestions",
  }),
  show: defineEndpoint({ method: 'GET', path: '/quick-messages/:id', params: quickMessageParams, response: quickMessageView, operationId: 'showQuickMessage', summary: 'One quick message', errors: notFound }),
  create: defineEndpoint({
    method: 'POST',
    path: '/quick-messages',
    body: quickMessageBody,
    response: quickMessageView,
    status: 201,
    operationId: 'createQuickMessage',
    summary: 'Adds a quick message owned by the user',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/quick-messages/:id',
    params: quickMessageParams,
    body: quickMessageUpdateBody,
    response: quickMessageView,
    operationId: 'updateQuickMessage',
    summary: 'Changes a quick message; fields left out are kept',
    errors: notFoundOrNotOwner,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/quick-messages/:id',
    params: quickMessageParams,
    response: null,
    status: 204,
    operationId: 'deleteQuickMessage',
    summary: 'Removes a quick message and its file',
    errors: notFoundOrNotOwner,
  }),
  // multipart (the file under `file`): no body schema, the handler reads the form
  uploadMedia: defineEndpoint({
    method: 'POST',
    path: '/quick-messages/:id/media-upload',
    params: quickMessageParams,
    response: quickMessageView,
    operationId: 'uploadQuickMessageMedia',
    summary: "Sets a quick message's file, sent as multipart under `file`",
    errors: { 400: ['ERR_INVALID_FILE', 'ERR_INVALID_IMAGE'], 413: ['ERR_FILE_TOO_LARGE'], ...notFoundOrNotOwner },
  }),
  removeMedia: defineEndpoint({
    method: 'DELETE',
    path: '/quick-messages/:id/media-upload',
    params: quickMessageParams,
    response: quickMessageView,
    operationId: 'deleteQuickMessageMedia',
    summary: "Removes a quick message's file",
    errors: notFoundOrNotOwner,
  }),
};
