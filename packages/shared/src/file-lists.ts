// File lists (02-operations §2 Other screens, §3 File list, §5, §7 File lists): named sets of
// files a bot option or a queue sends together, each file an option with a name.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { mediaTypes } from './messages.ts';
import { boundedText, idParam, pageNumberQuery, searchParamQuery, validationMessages } from './validation.ts';

export const FILE_LISTS_PAGE_SIZE = 20;
export const FILE_LIST_MAX_OPTIONS = 20;
// one upload call carries at most this many files; the web sends more in several calls
export const FILE_LIST_FILES_PER_UPLOAD = 10;
export const FILE_LIST_FILE_MAX_BYTES = 20 * 1024 * 1024;

const ignored = z.unknown().optional();

// The file of an option comes only through POST /files/uploadList/{id}; a path or media type in
// the body is the web sending the record back, and is ignored.
const optionBody = z.object({
  id: idParam.optional(),
  name: boundedText(1, 100),
  path: ignored,
  mediaType: ignored,
  file: ignored,
});
export type FileListOptionBody = z.infer<typeof optionBody>;

const fileListFields = {
  // §5: name at least 3 characters ('nome muito curto'), message required ('Obrigatório')
  name: boundedText(3, 100),
  message: z.string({ error: validationMessages.required }).trim().min(1, validationMessages.required).max(5000, validationMessages.tooLong),
  options: z.array(optionBody).max(FILE_LIST_MAX_OPTIONS, validationMessages.tooLong),
  // the owner comes from the token
  userId: ignored,
  companyId: ignored,
};

export const fileListBody = z.strictObject({ ...fileListFields, options: fileListFields.options.default([]) });
export type FileListBody = z.infer<typeof fileListBody>;

// PUT: the fields sent change; options, when sent, are the whole new set (an option keeps its file
// when it comes back with its id, and one left out is removed with its file).
export const fileListUpdateBody = z.strictObject(fileListFields).partial();
export type FileListUpdateBody = z.infer<typeof fileListUpdateBody>;

export const fileListsQuery = z.strictObject({ searchParam: searchParamQuery, pageNumber: pageNumberQuery, companyId: ignored });
export type FileListsQuery = z.infer<typeof fileListsQuery>;

export const fileListParams = z.strictObject({ id: idParam });

// The text fields of POST /files/uploadList/{id}, each field's values in the order sent: the n-th
// `id` names the option of the n-th file. mediaType and name are what the browser declared; the
// stored type is read from the content.
export const fileListUploadFields = z.strictObject({
  fileId: ignored,
  typeArch: ignored,
  id: z.array(idParam).max(FILE_LIST_FILES_PER_UPLOAD),
  name: ignored,
  mediaType: ignored,
});
export type FileListUploadFields = z.infer<typeof fileListUploadFields>;

export const fileListOptionView = z.object({ id: z.number().int(), name: z.string(), path: z.string().nullable(), mediaType: z.enum(mediaTypes).nullable() }).meta({ id: 'FileListOption' });
export type FileListOptionView = z.infer<typeof fileListOptionView>;
export const fileListView = z
  .object({ id: z.number().int(), name: z.string(), message: z.string(), userId: z.number().int().nullable(), options: z.array(fileListOptionView) })
  .meta({ id: 'FileList' });
export type FileListView = z.infer<typeof fileListView>;
export const fileListsPage = z.object({ files: z.array(fileListView), count: z.number().int(), hasMore: z.boolean() }).meta({ id: 'FileListPage' });
export type FileListsPage = z.infer<typeof fileListsPage>;

// 02-operations §7 File lists calls
const notFound = { 404: ['ERR_NOT_FOUND'] } as const;
export const fileListsEndpoints = {
  page: defineEndpoint({ method: 'GET', path: '/files', query: fileListsQuery, response: fileListsPage, operationId: 'listFileLists', summary: 'A page of file lists, searched by name' }),
  show: defineEndpoint({ method: 'GET', path: '/files/:id', params: fileListParams, response: fileListView, operationId: 'showFileList', summary: 'One file list with its options', errors: notFound }),
  create: defineEndpoint({ method: 'POST', path: '/files', body: fileListBody, response: fileListView, status: 201, operationId: 'createFileList', summary: 'Adds a file list; its files are uploaded next' }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/files/:id',
    params: fileListParams,
    body: fileListUpdateBody,
    response: fileListView,
    operationId: 'updateFileList',
    summary: 'Changes a file list; options sent are the whole new set',
    errors: notFound,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/files/:id',
    params: fileListParams,
    response: null,
    status: 204,
    operationId: 'deleteFileList',
    summary: 'Removes a file list and its files, unless a queue or a bot option names it',
    errors: { ...notFound, 409: ['ERR_FILE_LIST_IN_USE'] },
  }),
  // the body is multipart (fileId, typeArch, then files with their option's id), read by the route
  upload: defineEndpoint({
    method: 'POST',
    path: '/files/uploadList/:id',
    params: fileListParams,
    response: fileListView,
    operationId: 'uploadFileListFiles',
    summary: "Stores the files of a list's options: the n-th file belongs to the option of the n-th id",
    errors: { 400: ['ERR_INVALID_FILE', 'ERR_INVALID_IMAGE'], ...notFound, 413: ['ERR_FILE_TOO_LARGE'] },
  }),
};
