// File lists (02-operations §3 File list, §5, §7 File lists): CRUD with the ordered file options,
// their files uploaded by content type and size, live company-{id}-file. A list that a queue or a
// bot option names is not deleted (ERR_FILE_LIST_IN_USE, docs/decisions.md).
import {
  FILE_LISTS_PAGE_SIZE,
  fileListUploadFields,
  type FileListBody,
  type FileListsPage,
  type FileListsQuery,
  type FileListUpdateBody,
  type FileListView,
} from '@atende/shared/file-lists';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import { isForeignKeyViolation } from '../../platform/db-errors.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { checkMedia } from '../../platform/media.ts';
import type { Storage } from '../../platform/storage.ts';
import { openUpload, parseFormFields, type Upload } from '../../platform/uploads.ts';
import * as repo from './file-lists.repo.ts';
import { toFileListView } from './file-lists.view.ts';

export const FILE_LIST_FOLDER = 'filelists';
const fileListNotFound = () => notFound('ERR_NOT_FOUND');

export const createFileListsService = ({ db, bus, storage }: { db: Db; bus: EventBus; storage: Storage }) => {
  const viewOf = async (tx: DbOrTx, row: repo.FileListRow) => toFileListView(row, await repo.optionsOf(tx, row.companyId, [row.id]));
  const publish = (companyId: number, action: 'create' | 'update', fileList: FileListView) =>
    bus.publish({ companyId, event: 'file', payload: { action, fileList } });

  // Files go once no row points at them any more (after the commit that dropped the pointer).
  const removeFiles = (companyId: number, paths: (string | null)[]) =>
    Promise.all(paths.filter((path): path is string => path !== null).map((path) => storage.remove(companyId, FILE_LIST_FOLDER, path.split('/').at(-1) ?? '')));

  const optionInputs = (options: FileListBody['options']) => options.map(({ id, name }) => ({ id, name }));

  return {
    page: async (tenant: TenantContext, query: FileListsQuery): Promise<FileListsPage> => {
      const offset = (query.pageNumber - 1) * FILE_LISTS_PAGE_SIZE;
      const { rows, count } = await repo.pageFileLists(db, tenant.companyId, { search: query.searchParam.trim(), limit: FILE_LISTS_PAGE_SIZE, offset });
      const options = await repo.optionsOf(db, tenant.companyId, rows.map((row) => row.id));
      return { files: rows.map((row) => toFileListView(row, options)), count, hasMore: offset + rows.length < count };
    },

    show: async (tenant: TenantContext, id: number) => {
      const row = await repo.findFileList(db, tenant.companyId, id);
      if (!row) throw fileListNotFound();
      return viewOf(db, row);
    },

    create: async (tenant: TenantContext, body: FileListBody) => {
      const view = await withTransaction(db, async (tx) => {
        const row = await repo.insertFileList(tx, tenant.companyId, { name: body.name, message: body.message, userId: tenant.userId });
        // ids sent on a new list name nothing of it: every option is new
        await repo.replaceOptions(tx, tenant.companyId, row.id, body.options.map(({ name }) => ({ name })));
        return viewOf(tx, row);
      });
      publish(tenant.companyId, 'create', view);
      return view;
    },

    update: async (tenant: TenantContext, id: number, body: FileListUpdateBody) => {
      const { view, removed } = await withTransaction(db, async (tx) => {
        const row = await repo.updateFileList(tx, tenant.companyId, id, { name: body.name, message: body.message });
        if (!row) throw fileListNotFound();
        const dropped = body.options ? await repo.replaceOptions(tx, tenant.companyId, id, optionInputs(body.options)) : [];
        return { view: await viewOf(tx, row), removed: dropped };
      });
      await removeFiles(tenant.companyId, removed.map((option) => option.path));
      publish(tenant.companyId, 'update', view);
      return view;
    },

    remove: async (tenant: TenantContext, id: number) => {
      const options = await withTransaction(db, (tx) => repo.deleteFileList(tx, tenant.companyId, id)).catch((error: unknown) => {
        if (isForeignKeyViolation(error)) throw new AppError('ERR_FILE_LIST_IN_USE', 409);
        throw error;
      });
      if (!options) throw fileListNotFound();
      await removeFiles(tenant.companyId, options.map((option) => option.path));
      bus.publish({ companyId: tenant.companyId, event: 'file', payload: { action: 'delete', fileId: id } });
    },

    // POST /files/uploadList/{id}: the n-th file belongs to the option named by the n-th `id`.
    // Every file is checked before any is stored, so a refused one changes nothing.
    upload: async (tenant: TenantContext, id: number, upload: { files: Upload[]; fields: Record<string, unknown[]> }) => {
      if (!(await repo.findFileList(db, tenant.companyId, id))) throw fileListNotFound();
      const fields = parseFormFields(fileListUploadFields, upload.fields);
      if (fields.id.length !== upload.files.length || new Set(fields.id).size !== fields.id.length) throw invalidField('body.id', 'validation.oneIdPerFile');
      const options = await repo.optionsOf(db, tenant.companyId, [id]);
      if (!fields.id.every((optionId) => options.some((option) => option.id === optionId))) throw invalidField('body.id', 'validation.unknownOption');
      const checked = await Promise.all(upload.files.map((file) => checkMedia(file, file.fileName)));
      const stored = await Promise.all(
        upload.files.map(async (file, index) => ({
          optionId: fields.id[index],
          mediaType: checked[index].mediaType,
          path: storage.urlOf(tenant.companyId, FILE_LIST_FOLDER, await storage.save(tenant.companyId, FILE_LIST_FOLDER, openUpload(file), checked[index].extension)),
        })),
      );
      try {
        const { view, replaced } = await withTransaction(db, async (tx) => {
          const row = await repo.lockFileList(tx, tenant.companyId, id);
          if (!row) throw fileListNotFound();
          const before = await repo.optionsOf(tx, tenant.companyId, [id]);
          // an option removed by an edit since the check above is not written to
          const kept = stored.filter((file) => before.some((option) => option.id === file.optionId));
          for (const file of kept) await repo.setOptionFile(tx, tenant.companyId, file.optionId, { path: file.path, mediaType: file.mediaType });
          const overwritten = before.filter((option) => kept.some((file) => file.optionId === option.id)).map((option) => option.path);
          return { view: await viewOf(tx, row), replaced: [...overwritten, ...stored.filter((file) => !kept.includes(file)).map((file) => file.path)] };
        });
        await removeFiles(tenant.companyId, replaced);
        publish(tenant.companyId, 'update', view);
        return view;
      } catch (error) {
        await removeFiles(tenant.companyId, stored.map((file) => file.path));
        throw error;
      }
    },
  };
};

export type FileListsService = ReturnType<typeof createFileListsService>;
