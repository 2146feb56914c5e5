// Contact lists and their items (02-operations §3 Contact list and item, §5, §7 Contact lists):
// the audiences of campaigns.
import { z } from 'zod';
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

export type ContactListView = { id: number; name: string; contactsCount: number; companyId: number; createdAt: string; updatedAt: string };
export type ContactListsPage = { records: ContactListView[]; count: number; hasMore: boolean };

// isWhatsappValid: null until a connected WhatsApp session has checked the number
export type ContactListItemView = {
  id: number;
  name: string;
  number: string;
  email: string;
  isWhatsappValid: boolean | null;
  companyId: number;
  contactListId: number;
};
export type ContactListItemsPage = { contacts: ContactListItemView[]; count: number; hasMore: boolean };

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
export type ContactListUploadAnswer = { contactListId: number; queued: true };
