// File lists (02-operations §2 Other screens, §3 File list, §5, §7 File lists): named sets of
// files a bot option or a queue sends together, each file an option with a name.
import { z } from 'zod';
import type { MediaType } from './messages.ts';
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

export type FileListOptionView = { id: number; name: string; path: string | null; mediaType: MediaType | null };
export type FileListView = { id: number; name: string; message: string; userId: number | null; options: FileListOptionView[] };
export type FileListsPage = { files: FileListView[]; count: number; hasMore: boolean };
