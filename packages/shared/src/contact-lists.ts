// Contact lists and their items (02-operations §3 Contact list and item, §5, §7 Contact lists):
// the audiences of campaigns.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { boundedText, idParam, pageNumberQuery, searchParamQuery, validationMessages } from './validation.ts';

export const CONTACT_LISTS_PAGE_SIZE = 20;
export const CONTACT_LIST_ITEMS_PAGE_SIZE = 40;

const ignored = z.unknown().optional();

export const contactListBody = z.strictObject({ name: boundedText(2, 50), companyId: ignored });
export type ContactListBody = z.infer<typeof contactListBody>;

export const contactListsQuery = z.strictObject({ searchParam: searchParamQuery, pageNumber: pageNumberQuery, companyId: ignored });
export type ContactListsQuery = z.infer<typeof contactListsQuery>;

export const contactListParams = z.strictObject({ contactListId: idParam });
export const contactListItemParams = z.strictObject({ itemId: idParam });

// 8 to 50 characters as typed; stored as its digits
const itemNumber = z
  .string({ error: validationMessages.required })
  .trim()
  .min(1, validationMessages.required)
  .min(8, validationMessages.tooShort)
  .max(50, validationMessages.tooLong)
  .refine((value) => /\d/.test(value), 'validation.invalidNumber');

const itemEmail = z
  .string()
  .trim()
  .max(254, validationMessages.tooLong)
  .refine((value) => value === '' || z.email().safeParse(value).success, validationMessages.invalidEmail);

const itemFields = { name: boundedText(2, 50), number: itemNumber, email: itemEmail.default(''), companyId: ignored };

export const contactListItemBody = z.strictObject({ ...itemFields, contactListId: idParam });
export type ContactListItemBody = z.infer<typeof contactListItemBody>;

export const contactListItemUpdateBody = z.strictObject({ ...itemFields, email: itemEmail, contactListId: ignored }).partial();
export type ContactListItemUpdateBody = z.infer<typeof contactListItemUpdateBody>;

export const contactListItemsQuery = z.strictObject({
  searchParam: searchParamQuery,
  pageNumber: pageNumberQuery,
  contactListId: idParam,
  companyId: ignored,
});
export type ContactListItemsQuery = z.infer<typeof contactListItemsQuery>;

export const contactListView = z
  .object({ id: z.number().int(), name: z.string(), contactsCount: z.number().int(), companyId: z.number().int(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: 'ContactList' });
export type ContactListView = z.infer<typeof contactListView>;
export const contactListsPage = z.object({ records: z.array(contactListView), count: z.number().int(), hasMore: z.boolean() }).meta({ id: 'ContactListPage' });
export type ContactListsPage = z.infer<typeof contactListsPage>;

export const contactListItemView = z
  .object({
    id: z.number().int(),
    name: z.string(),
    number: z.string(),
    email: z.string(),
    // null until a connected WhatsApp session has checked the number
    isWhatsappValid: z.boolean().nullable(),
    companyId: z.number().int(),
    contactListId: z.number().int(),
  })
  .meta({ id: 'ContactListItem' });
export type ContactListItemView = z.infer<typeof contactListItemView>;
export const contactListItemsPage = z.object({ contacts: z.array(contactListItemView), count: z.number().int(), hasMore: z.boolean() }).meta({ id: 'ContactListItemPage' });
export type ContactListItemsPage = z.infer<typeof contactListItemsPage>;

// The progress of a spreadsheet import, sent live on company-{id}-ContactListItem: rows read, entries
// written (a repeated number merged into its entry), rows refused with their line and reason (the
// first IMPORT_ERRORS_SHOWN of them), and whether it ended; `error` when the file could not be read.
export const IMPORT_ERRORS_SHOWN = 100;
export type ContactListImportStatus = {
  done: boolean;
  processed: number;
  imported: number;
  failed: number;
  errors: { line: number; reason: string }[];
  error?: string;
};
export const contactListUploadAnswer = z.object({ contactListId: z.number().int(), queued: z.literal(true) }).meta({ id: 'ContactListUpload' });
export type ContactListUploadAnswer = z.infer<typeof contactListUploadAnswer>;

// 02-operations §7 Contact lists calls
const listNotFound = { 404: ['ERR_NO_CONTACT_LIST_FOUND'] } as const;
const itemNotFound = { 404: ['ERR_NO_CONTACT_LIST_ITEM_FOUND'] } as const;
export const contactListsEndpoints = {
  page: defineEndpoint({ method: 'GET', path: '/contact-lists', query: contactListsQuery, response: contactListsPage, operationId: 'listContactLists', summary: 'A page of contact lists, searched by name' }),
  all: defineEndpoint({ method: 'GET', path: '/contact-lists/list', response: z.array(contactListView), operationId: 'listAllContactLists', summary: 'Every contact list of the company, for pickers' }),
  show: defineEndpoint({ method: 'GET', path: '/contact-lists/:contactListId', params: contactListParams, response: contactListView, operationId: 'showContactList', summary: 'One contact list', errors: listNotFound }),
  create: defineEndpoint({ method: 'POST', path: '/contact-lists', body: contactListBody, response: contactListView, status: 201, operationId: 'createContactList', summary: 'Adds a contact list' }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/contact-lists/:contactListId',
    params: contactListParams,
    body: contactListBody,
    response: contactListView,
    operationId: 'updateContactList',
    summary: 'Renames a contact list',
    errors: listNotFound,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/contact-lists/:contactListId',
    params: contactListParams,
    response: null,
    status: 204,
    operationId: 'deleteContactList',
    summary: 'Removes a contact list with its items',
    errors: listNotFound,
  }),
  // the body is multipart (one `file`, an xlsx or csv sheet), read by the route
  upload: defineEndpoint({
    method: 'POST',
    path: '/contact-lists/:contactListId/upload',
    params: contactListParams,
    response: contactListUploadAnswer,
    operationId: 'uploadContactListSheet',
    summary: "Queues a sheet's rows into a contact list; the progress comes live on company-{id}-ContactListItem",
    errors: { 400: ['ERR_INVALID_FILE'], ...listNotFound, 413: ['ERR_FILE_TOO_LARGE'] },
  }),
  items: defineEndpoint({
    method: 'GET',
    path: '/contact-list-items',
    query: contactListItemsQuery,
    response: contactListItemsPage,
    operationId: 'listContactListItems',
    summary: "A page of a contact list's items, searched by name or number",
    errors: listNotFound,
  }),
  showItem: defineEndpoint({
    method: 'GET',
    path: '/contact-list-items/:itemId',
    params: contactListItemParams,
    response: contactListItemView,
    operationId: 'showContactListItem',
    summary: 'One item of a contact list',
    errors: itemNotFound,
  }),
  createItem: defineEndpoint({
    method: 'POST',
    path: '/contact-list-items',
    body: contactListItemBody,
    response: contactListItemView,
    status: 201,
    operationId: 'createContactListItem',
    summary: 'Adds an item to a contact list',
    errors: listNotFound,
  }),
  updateItem: defineEndpoint({
    method: 'PUT',
    path: '/contact-list-items/:itemId',
    params: contactListItemParams,
    body: contactListItemUpdateBody,
    response: contactListItemView,
    operationId: 'updateContactListItem',
    summary: 'Changes an item of a contact list',
    errors: itemNotFound,
  }),
  removeItem: defineEndpoint({
    method: 'DELETE',
    path: '/contact-list-items/:itemId',
    params: contactListItemParams,
    response: null,
    status: 204,
    operationId: 'deleteContactListItem',
    summary: 'Removes an item from a contact list',
    errors: itemNotFound,
  }),
};
