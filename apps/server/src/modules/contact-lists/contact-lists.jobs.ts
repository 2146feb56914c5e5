// The WhatsApp-valid mark of a contact-list item (02-operations §3 ContactListItem
// isWhatsappValid): checked by a job of the process that holds a connected WhatsApp session of the
// company (the payload names its connection, so the runner hands it to that process). Enqueued
// with the item's change; without a connected session the mark stays unknown (null).
import { z } from 'zod';
import { IMPORT_ERRORS_SHOWN, type ContactListImportStatus, type ContactListItemView } from '@atende/shared/contact-lists';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { defineJobKind, JobFailure } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { spreadsheetRows } from '../../platform/spreadsheet.ts';
import type { Storage } from '../../platform/storage.ts';
import { listConnections } from '../connections/connections.repo.ts';
import type { WhatsappNumberCheck } from '../contacts/contacts.service.ts';
import { findContactList, findContactListItem, updateContactListItem, upsertContactListItems } from './contact-lists.repo.ts';
import { defaultColumns, headerColumns, rowOutcome, type ImportColumns, type ImportedRow } from './contact-lists.rules.ts';
import { toContactListItemView, toContactListView } from './contact-lists.view.ts';

export const contactListNumberCheckJob = defineJobKind({
  name: 'contact-list.check-number',
  payload: z.object({
    companyId: z.number().int().positive(),
    itemId: z.number().int().positive(),
    connectionId: z.number().int().positive(),
  }),
  priority: 'bulk',
  maxAttempts: 5,
});

export const enqueueNumberCheck = async (tx: DbOrTx, companyId: number, itemId: number) => {
  const connected = (await listConnections(tx, companyId, 'whatsapp')).find((connection) => connection.status === 'CONNECTED');
  if (!connected) return;
  await enqueueJob(tx, contactListNumberCheckJob, { companyId, itemId, connectionId: connected.id }, { singletonKey: `contact-list-item:${itemId}` });
};

export const registerContactListNumberCheckJob = (
  runner: Pick<JobRunner, 'register'>,
  deps: { db: Db; bus: EventBus; checkWhatsappNumber: WhatsappNumberCheck },
) => {
  runner.register(contactListNumberCheckJob, {
    run: async ({ companyId, itemId, connectionId }) => {
      const item = await findContactListItem(deps.db, companyId, itemId);
      if (!item) return;
      const answer = await deps.checkWhatsappNumber(companyId, item.number, connectionId);
      // the session went away meanwhile: the mark stays unknown
      if (answer === undefined) return;
      const updated = await updateContactListItem(deps.db, companyId, itemId, { isWhatsappValid: answer !== 'invalid' });
      if (!updated) return;
      const record: ContactListItemView = toContactListItemView(updated);
      deps.bus.publish({ companyId, event: 'ContactListItem', payload: { action: 'update', record } });
    },
  });
};

// A spreadsheet uploaded to a list (02-operations §7 POST /contact-lists/{id}/upload), read row by
// row from disk and written in batches; a repeated number is merged into its entry, so running
// the job again after a crash writes nothing twice. The file is deleted once the import ends.
export const IMPORT_FOLDER = 'imports';
const IMPORT_BATCH = 500;

export const contactListImportJob = defineJobKind({
  name: 'contact-list.import',
  payload: z.object({
    companyId: z.number().int().positive(),
    contactListId: z.number().int().positive(),
    file: z.string().regex(/^[0-9a-f-]{36}\.(xlsx|csv)$/),
    kind: z.enum(['xlsx', 'csv']),
  }),
  priority: 'bulk',
  maxAttempts: 3,
});

export const registerContactListImportJob = (runner: Pick<JobRunner, 'register'>, deps: { db: Db; bus: EventBus; storage: Storage }) => {
  runner.register(contactListImportJob, {
    run: async ({ companyId, contactListId, file, kind }) => {
      const status: ContactListImportStatus = { done: false, processed: 0, imported: 0, failed: 0, errors: [] };
      const publish = () => deps.bus.publish({ companyId, event: 'ContactListItem', payload: { action: 'import', contactListId, status: { ...status, errors: [...status.errors] } } });
      const batch = new Map<string, ImportedRow>();
      const flush = async () => {
        // the list may have been deleted meanwhile: nothing more to write
        if (batch.size > 0 && (await findContactList(deps.db, companyId, contactListId))) {
          status.imported += await upsertContactListItems(deps.db, companyId, contactListId, [...batch.values()]);
        }
        batch.clear();
        publish();
      };
      try {
        let columns: ImportColumns | undefined;
        // whichever process claims the job reads the sheet: from a bucket, through a temporary copy
        await deps.storage.withLocalCopy(companyId, IMPORT_FOLDER, file, async (path) => {
          for await (const { line, cells } of spreadsheetRows(path, kind)) {
            if (!columns) {
              columns = headerColumns(cells);
              if (columns) continue;
              columns = defaultColumns;
            }
            const outcome = rowOutcome(cells, columns);
            if ('skip' in outcome) continue;
            status.processed++;
            if ('error' in outcome) {
              status.failed++;
              if (status.errors.length < IMPORT_ERRORS_SHOWN) status.errors.push({ line, reason: outcome.error });
            } else batch.set(outcome.row.number, outcome.row);
            if (batch.size >= IMPORT_BATCH) await flush();
          }
        });
        await flush();
        // a sheet with no row to import says so, instead of a success with nothing imported
        if (status.processed === 0) status.error = 'ERR_NO_CONTACTS_IN_FILE';
      } catch (error) {
        // a store that did not answer is tried again; a sheet that does not read is the list's failure
        if (error instanceof AppError && error.code === 'ERR_STORAGE_UNAVAILABLE') throw error;
        status.error = 'ERR_INVALID_FILE';
        status.done = true;
        publish();
        await deps.storage.remove(companyId, IMPORT_FOLDER, file);
        throw new JobFailure(error instanceof Error ? error.message : String(error));
      }
      status.done = true;
      publish();
      const list = await findContactList(deps.db, companyId, contactListId);
      if (list) deps.bus.publish({ companyId, event: 'ContactList', payload: { action: 'update', record: toContactListView(list) } });
      await deps.storage.remove(companyId, IMPORT_FOLDER, file);
    },
  });
};
