// The contact import wizard (01-core §2 /contacts/import; 02-operations §8 import errors, §9): a
// spreadsheet, or a contact list, into the company's contacts, with tags and extra info, run as a
// job whose progress and report are kept and sent live on company-{id}-contactImport.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { idParam } from './validation.ts';

// 02-operations §8 Import errors, as keys the web translates.
export const contactImportMessages = {
  numberColumn: 'contactImport.errors.numberColumn',
  nameColumn: 'contactImport.errors.nameColumn',
  noContacts: 'contactImport.errors.noContacts',
  columnTaken: 'contactImport.errors.columnTaken',
  invalidFile: 'contactImport.errors.invalidFile',
  extraInfoName: 'contactImport.errors.extraInfoName',
} as const;

// What a sheet column becomes: name, number, email and tags at most once each, extra info as often
// as wanted (named by extraInfoName, the column's header unless renamed).
export const importFields = ['ignore', 'name', 'number', 'email', 'tags', 'extraInfo'] as const;
export type ImportField = (typeof importFields)[number];
export const singleUseFields: readonly ImportField[] = ['name', 'number', 'email', 'tags'];

export const importColumn = z.object({
  field: z.enum(importFields),
  extraInfoName: z.string().trim().max(100).default(''),
});
export type ImportColumn = z.infer<typeof importColumn>;

// National numbers get this country code (see applyCountryCode); empty leaves numbers as typed.
const countryCode = z
  .string()
  .trim()
  .regex(/^\+?\d{0,3}$/, 'validation.invalidNumber')
  .transform((code) => code.replace('+', ''))
  .default('');

const importTagIds = z.array(idParam).max(50).default([]);

// The mapping rules of the wizard, shared by its form and the server's validation.
const mappingIssues = (columns: ImportColumn[], context: z.RefinementCtx) => {
  const seen = new Set<ImportField>();
  columns.forEach((column, index) => {
    if (singleUseFields.includes(column.field) && seen.has(column.field)) {
      context.addIssue({ code: 'custom', path: ['columns', index, 'field'], message: contactImportMessages.columnTaken });
    }
    seen.add(column.field);
    if (column.field === 'extraInfo' && !column.extraInfoName) {
      context.addIssue({ code: 'custom', path: ['columns', index, 'extraInfoName'], message: contactImportMessages.extraInfoName });
    }
  });
  if (!seen.has('number')) context.addIssue({ code: 'custom', path: ['columns'], message: contactImportMessages.numberColumn });
  else if (!seen.has('name')) context.addIssue({ code: 'custom', path: ['columns'], message: contactImportMessages.nameColumn });
};

export const STORED_SHEET = /^[0-9a-f-]{36}\.(xlsx|csv)$/;

export const contactImportBody = z
  .strictObject({
    // the name POST /contacts/import/upload gave the stored sheet
    file: z.string().regex(STORED_SHEET, contactImportMessages.invalidFile),
    // the sheet's name as the user had it, for the report
    fileName: z.string().trim().max(200).default(''),
    hasHeader: z.boolean().default(true),
    columns: z.array(importColumn).min(1, contactImportMessages.numberColumn).max(100),
    tagIds: importTagIds,
    countryCode,
    companyId: z.unknown().optional(),
  })
  .superRefine((body, context) => mappingIssues(body.columns, context));
export type ContactImportBody = z.input<typeof contactImportBody>;
export type ContactImportRequest = z.output<typeof contactImportBody>;

export const contactListImportBody = z.strictObject({
  contactListId: idParam,
  tagIds: importTagIds,
  companyId: z.unknown().optional(),
});
export type ContactListImportBody = z.input<typeof contactListImportBody>;
export type ContactListImportRequest = z.output<typeof contactListImportBody>;

export const contactImportParams = z.strictObject({ importId: idParam });

// What the wizard shows after the upload: the sheet's first rows, for the column mapping.
export const IMPORT_PREVIEW_ROWS = 10;
export const contactImportPreview = z
  .object({ file: z.string(), fileName: z.string(), rows: z.array(z.array(z.string())), columnCount: z.number().int() })
  .meta({ id: 'ContactImportPreview' });
export type ContactImportPreview = z.infer<typeof contactImportPreview>;

export const IMPORT_ERRORS_KEPT = 100;
export const contactImportStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type ContactImportStatus = (typeof contactImportStatuses)[number];
export const contactImportView = z
  .object({
    id: z.number().int(),
    source: z.enum(['spreadsheet', 'contactList']),
    sourceName: z.string(),
    status: z.enum(contactImportStatuses),
    // rows to read, counted before the first is written
    total: z.number().int(),
    processed: z.number().int(),
    imported: z.number().int(),
    failed: z.number().int(),
    // the refused rows, the first IMPORT_ERRORS_KEPT of them: line in the sheet (item position in a
    // list) and a message key
    errors: z.array(z.object({ line: z.number().int(), reason: z.string() })),
    error: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ContactImport' });
export type ContactImportView = z.infer<typeof contactImportView>;

// 01-core §2 /contacts/import (routes of our own: the spec names none)
export const contactImportEndpoints = {
  // the body is multipart (one `file`, an xlsx or csv sheet), read by the route
  upload: defineEndpoint({
    method: 'POST',
    path: '/contacts/import/upload',
    response: contactImportPreview,
    operationId: 'uploadContactImportSheet',
    summary: 'Keeps a sheet to import (a day, unless imported) and answers its first rows for the column mapping',
    errors: { 400: ['ERR_INVALID_FILE'], 413: ['ERR_FILE_TOO_LARGE'] },
  }),
  importSheet: defineEndpoint({
    method: 'POST',
    path: '/contacts/import',
    body: contactImportBody,
    response: contactImportView,
    status: 201,
    operationId: 'importContactsFromSheet',
    summary: 'Starts importing an uploaded sheet into the contacts, its columns mapped to contact fields',
  }),
  importContactList: defineEndpoint({
    method: 'POST',
    path: '/contacts/import/contact-list',
    body: contactListImportBody,
    response: contactImportView,
    status: 201,
    operationId: 'importContactsFromContactList',
    summary: "Starts importing a contact list's items into the contacts",
    errors: { 404: ['ERR_NO_CONTACT_LIST_FOUND'] },
  }),
  recent: defineEndpoint({
    method: 'GET',
    path: '/contacts/import',
    response: z.object({ records: z.array(contactImportView) }).meta({ id: 'ContactImportList' }),
    operationId: 'listContactImports',
    summary: "The company's recent contact imports",
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/contacts/import/:importId',
    params: contactImportParams,
    response: contactImportView,
    operationId: 'showContactImport',
    summary: 'One contact import: its progress and refused rows',
    errors: { 404: ['ERR_NO_CONTACT_IMPORT_FOUND'] },
  }),
};
