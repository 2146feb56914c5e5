// The contact import wizard's calls (01-core §2 /contacts/import; the spec names no route, see
// docs/decisions.md): upload a sheet for its preview, start an import of it or of a contact list,
// read an import's progress and report.
import {
  contactImportMessages,
  IMPORT_PREVIEW_ROWS,
  type ContactImportPreview,
  type ContactImportRequest,
  type ContactImportView,
  type ContactListImportRequest,
} from '@atende/shared/contact-imports';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { cancelJobs, enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { spreadsheetKindOf, type SpreadsheetKind } from '../../platform/spreadsheet.ts';
import { openUpload, type Upload } from '../../platform/uploads.ts';
import { StoredFileMissing, type Storage } from '../../platform/storage.ts';
import { IMPORT_FOLDER } from '../contact-lists/contact-lists.jobs.ts';
import { findContactList } from '../contact-lists/contact-lists.repo.ts';
import { existingTagIds } from '../tags/tags.repo.ts';
import { contactImportJob, discardUploadJob, UPLOAD_KEPT_HOURS, type ImportSourcePayload } from './contact-import.jobs.ts';
import * as repo from './contact-import.repo.ts';
import { dataRows } from './contact-import.sources.ts';
import { toContactImportView } from './contact-import.view.ts';

type Deps = { db: Db; bus: EventBus; storage: Storage; clock: Clock };

const invalidFile = () => new AppError('ERR_INVALID_FILE', 400);
const discardKey = (file: string) => `contact-import-upload:${file}`;

// The first rows with something in them, the header included; a sheet that breaks off is invalid.
const firstRows = async (path: string, kind: SpreadsheetKind, count: number, hasHeader = false) => {
  const rows: string[][] = [];
  try {
    for await (const row of dataRows(path, kind, hasHeader)) {
      rows.push(row.cells);
      if (rows.length >= count) break;
    }
  } catch {
    throw invalidFile();
  }
  return rows;
};

export const createContactImportService = ({ db, bus, storage, clock }: Deps) => {
  const checkTags = async (tx: DbOrTx, companyId: number, tagIds: number[]) => {
    const unique = [...new Set(tagIds)];
    if ((await existingTagIds(tx, companyId, unique)).length !== unique.length) throw invalidField('body.tagIds', 'validation.unknownTag');
    return unique;
  };
  // The import's record and its job in one transaction; `prepare` checks the source and says what
  // the job reads.
  const startImport = async (
    tenant: TenantContext,
    requestedTagIds: number[],
    prepare: (tx: Tx, tagIds: number[]) => Promise<{ sourceName: string; payload: ImportSourcePayload }>,
  ): Promise<ContactImportView> => {
    const row = await withTransaction(db, async (tx) => {
      const { sourceName, payload } = await prepare(tx, await checkTags(tx, tenant.companyId, requestedTagIds));
      const created = await repo.insertContactImport(tx, tenant.companyId, { userId: tenant.userId, source: payload.source, sourceName });
      await enqueueJob(tx, contactImportJob, { ...payload, companyId: tenant.companyId, importId: created.id }, { singletonKey: `contact-import:${created.id}` });
      return created;
    });
    const record = toContactImportView(row);
    bus.publish({ companyId: tenant.companyId, event: 'contactImport', payload: { action: 'update', record } });
    return record;
  };

  return {
    // The sheet is kept (a day, unless imported) and its first rows answered for the mapping.
    upload: async (tenant: TenantContext, upload: Upload): Promise<ContactImportPreview> => {
      const kind = await spreadsheetKindOf(upload, upload.fileName);
      const file = await storage.save(tenant.companyId, IMPORT_FOLDER, openUpload(upload), kind);
      const rows = await storage.withLocalCopy(tenant.companyId, IMPORT_FOLDER, file, (path) => firstRows(path, kind, IMPORT_PREVIEW_ROWS + 1)).catch(async (error: unknown) => {
        await storage.remove(tenant.companyId, IMPORT_FOLDER, file);
        throw error;
      });
      await withTransaction(db, (tx) =>
        enqueueJob(tx, discardUploadJob, { companyId: tenant.companyId, file }, { runAt: new Date(clock.now().getTime() + UPLOAD_KEPT_HOURS * 3_600_000), singletonKey: discardKey(file) }),
      );
      return { file, fileName: upload.fileName.slice(0, 200), rows, columnCount: Math.max(0, ...rows.map((row) => row.length)) };
    },

    importSheet: async (tenant: TenantContext, body: ContactImportRequest) => {
      const kind: SpreadsheetKind = body.file.endsWith('.xlsx') ? 'xlsx' : 'csv';
      // another company's sheet is not in this company's folder
      const firstRow = await storage.withLocalCopy(tenant.companyId, IMPORT_FOLDER, body.file, (path) => firstRows(path, kind, 1, body.hasHeader)).catch((error: unknown) => {
        throw error instanceof StoredFileMissing ? invalidField('body.file', contactImportMessages.invalidFile) : error;
      });
      if (firstRow.length === 0) throw invalidField('body.file', contactImportMessages.noContacts);
      return startImport(tenant, body.tagIds, async (tx, tagIds) => {
        await cancelJobs(tx, [discardUploadJob.name], discardKey(body.file));
        return {
          sourceName: body.fileName,
          payload: { source: 'spreadsheet', tagIds, file: body.file, kind, hasHeader: body.hasHeader, columns: body.columns, countryCode: body.countryCode },
        };
      });
    },

    importContactList: async (tenant: TenantContext, body: ContactListImportRequest) => {
      return startImport(tenant, body.tagIds, async (tx, tagIds) => {
        const list = await findContactList(tx, tenant.companyId, body.contactListId);
        if (!list) throw notFound('ERR_NO_CONTACT_LIST_FOUND');
        if (list.contactsCount === 0) throw invalidField('body.contactListId', contactImportMessages.noContacts);
        return { sourceName: list.name, payload: { source: 'contactList', tagIds, contactListId: list.id } };
      });
    },

    show: async (tenant: TenantContext, importId: number) => {
      const row = await repo.findContactImport(db, tenant.companyId, importId);
      if (!row) throw notFound('ERR_NO_CONTACT_IMPORT_FOUND');
      return toContactImportView(row);
    },

    recent: async (tenant: TenantContext) => ({ records: (await repo.recentContactImports(db, tenant.companyId)).map(toContactImportView) }),
  };
};

export type ContactImportService = ReturnType<typeof createContactImportService>;
