// The contact import as a job of the one runner (01-core §2 /contacts/import): rows are read a
// piece at a time and written in batches of 500, each batch in one transaction with the import's
// progress, which goes live on company-{id}-contactImport after the commit. Numbers are merged into
// the company's contacts, so a run again after a crash writes nothing twice; a sheet that cannot be
// read ends the import as failed with what it had done, never without a report.
import { IMPORT_ERRORS_KEPT, importColumn, STORED_SHEET } from '@atende/shared/contact-imports';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { EventBus } from '../../platform/events.ts';
import { defineJobKind, JobFailure } from '../../platform/jobs/job-kind.ts';
import type { JobInfo } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { StoredFileMissing, type Storage } from '../../platform/storage.ts';
import { IMPORT_FOLDER } from '../contact-lists/contact-lists.jobs.ts';
import { recordContactsEvent } from '../contacts/contact-webhooks.steps.ts';
import { readCompanySettings } from '../settings/company-settings.repo.ts';
import { randomColor } from '../tags/tags.service.ts';
import { existingTagIds } from '../tags/tags.repo.ts';
import type { ContactImportRow } from '../../db/schema.ts';
import * as repo from './contact-import.repo.ts';
import { mergeContact, type ImportedContact } from './contact-import.rules.ts';
import { contactListSource, spreadsheetSource, type ImportRow, type ImportSource } from './contact-import.sources.ts';
import { toContactImportView } from './contact-import.view.ts';

const ids = { companyId: z.number().int().positive(), importId: z.number().int().positive(), tagIds: z.array(z.number().int().positive()) };

export const contactImportJob = defineJobKind({
  name: 'contact.import',
  payload: z.discriminatedUnion('source', [
    z.object({
      ...ids,
      source: z.literal('spreadsheet'),
      file: z.string().regex(STORED_SHEET),
      kind: z.enum(['xlsx', 'csv']),
      hasHeader: z.boolean(),
      columns: z.array(importColumn),
      countryCode: z.string().regex(/^\d{0,3}$/),
    }),
    z.object({ ...ids, source: z.literal('contactList'), contactListId: z.number().int().positive() }),
  ]),
  priority: 'bulk',
  maxAttempts: 3,
});

// what an import reads, without the ids the service adds
export type ImportSourcePayload = z.infer<typeof contactImportJob.payload> extends infer P ? (P extends unknown ? Omit<P, 'companyId' | 'importId'> : never) : never;

// A sheet uploaded for the wizard's preview and never imported is deleted a day later.
export const UPLOAD_KEPT_HOURS = 24;
export const discardUploadJob = defineJobKind({
  name: 'contact-import.discard-upload',
  payload: z.object({ companyId: z.number().int().positive(), file: z.string().regex(STORED_SHEET) }),
  priority: 'bulk',
});

const BATCH = 500;

type Deps = { db: Db; bus: EventBus; storage: Storage };

export const registerContactImportJobs = (runner: Pick<JobRunner, 'register'>, { db, bus, storage }: Deps) => {
  runner.register(discardUploadJob, { run: ({ companyId, file }) => storage.remove(companyId, IMPORT_FOLDER, file) });

  const publishImport = (companyId: number, row: ContactImportRow | undefined) =>
    row && bus.publish({ companyId, event: 'contactImport', payload: { action: 'update', record: toContactImportView(row) } });

  const importFrom = async (payload: z.infer<typeof contactImportJob.payload>, job: JobInfo, source: ImportSource) => {
    const { companyId, importId } = payload;
    const current = await repo.findContactImport(db, companyId, importId);
    if (!current || current.status === 'done' || current.status === 'failed') return;
    const publish = (row: ContactImportRow | undefined) => publishImport(companyId, row);
    const finish = async (progress: repo.ContactImportProgress) => {
      publish(await repo.updateContactImport(db, companyId, importId, progress));
      if (payload.source === 'spreadsheet') await storage.remove(companyId, IMPORT_FOLDER, payload.file);
    };

    // a run again starts over: what an earlier run wrote is merged, not doubled
    const progress = { processed: 0, imported: 0, failed: 0, errors: [] as { line: number; reason: string }[] };
    let total: number;
    try {
      total = await source.count();
    } catch (error) {
      await finish({ status: 'failed', error: 'ERR_INVALID_FILE' });
      throw new JobFailure(error instanceof Error ? error.message : String(error));
    }
    publish(await repo.updateContactImport(db, companyId, importId, { status: 'running', total, ...progress }));

    const settings = await readCompanySettings(db, companyId);
    const acceptAudioMessage = settings.acceptAudioMessageContact === 'enabled';
    // tags chosen in the wizard and deleted since are left out
    const chosenTagIds = await existingTagIds(db, companyId, payload.tagIds);
    const written = new Set<string>();
    const batch = new Map<string, ImportedContact>();
    const flush = async () => {
      const contacts = [...batch.values()];
      batch.clear();
      const row = await withTransaction(db, async (tx) => {
        const saved = await repo.upsertImportedContacts(tx, companyId, contacts, { acceptAudioMessage });
        const contactIds = saved.ids;
        const tagIds = await repo.tagIdsByName(tx, companyId, contacts.flatMap((contact) => contact.tags), randomColor);
        const idOf = (contact: ImportedContact) => contactIds.get(contact.number) ?? 0;
        await repo.addContactTags(
          tx,
          companyId,
          contacts.flatMap((contact) => [...new Set([...chosenTagIds, ...contact.tags.map((name) => tagIds.get(name.toLowerCase()) ?? 0)])].filter(Boolean).map((tagId) => ({ contactId: idOf(contact), tagId }))),
        );
        await repo.replaceExtraInfoByName(tx, companyId, contacts.flatMap((contact) => contact.extraInfo.map((entry) => ({ ...entry, contactId: idOf(contact) }))));
        await recordContactsEvent(tx, companyId, 'contact.created', saved.created);
        await recordContactsEvent(tx, companyId, 'contact.updated', saved.updated);
        for (const contact of contacts) written.add(contact.number);
        return repo.updateContactImport(tx, companyId, importId, { ...progress, imported: written.size });
      });
      publish(row);
    };
    // the last attempt that cannot write still leaves the report of what it had done
    const flushOrFail = () =>
      flush().catch(async (error: unknown) => {
        if (job.attempts >= contactImportJob.maxAttempts) await finish({ status: 'failed', error: 'ERR_INTERNAL' });
        throw error;
      });

    const rows = source.rows();
    for (;;) {
      let next: IteratorResult<ImportRow>;
      try {
        next = await rows.next();
      } catch (error) {
        // the sheet broke off: what was read is kept and reported
        if (batch.size > 0) await flushOrFail();
        await finish({ status: 'failed', error: 'ERR_INVALID_FILE' });
        throw new JobFailure(error instanceof Error ? error.message : String(error));
      }
      if (next.done) break;
      const { line, outcome } = next.value;
      progress.processed++;
      if ('error' in outcome) {
        progress.failed++;
        if (progress.errors.length < IMPORT_ERRORS_KEPT) progress.errors.push({ line, reason: outcome.error });
      } else batch.set(outcome.contact.number, mergeContact(batch.get(outcome.contact.number), outcome.contact));
      if (batch.size >= BATCH) await flushOrFail();
    }
    if (batch.size > 0) await flushOrFail();
    await finish({ status: 'done', ...progress, imported: written.size });
  };

  runner.register(contactImportJob, {
    run: async (payload, job) => {
      const { companyId, importId } = payload;
      if (payload.source === 'contactList') return importFrom(payload, job, contactListSource(db, companyId, payload.contactListId));
      try {
        // whichever process claims the job reads the sheet: from a bucket, through a temporary copy
        await storage.withLocalCopy(companyId, IMPORT_FOLDER, payload.file, (path) => importFrom(payload, job, spreadsheetSource(path, payload)));
      } catch (error) {
        if (!(error instanceof StoredFileMissing)) throw error;
        const current = await repo.findContactImport(db, companyId, importId);
        if (current && current.status !== 'done' && current.status !== 'failed') {
          publishImport(companyId, await repo.updateContactImport(db, companyId, importId, { status: 'failed', error: 'ERR_INVALID_FILE' }));
        }
        throw new JobFailure(error.message);
      }
    },
    // the runner gave up (say, the process died on each attempt): the record reports the failure
    // and keeps what was written, instead of staying "running"
    gaveUp: async (payload) => {
      const { companyId, importId } = payload;
      const current = await repo.findContactImport(db, companyId, importId);
      if (!current || current.status === 'done' || current.status === 'failed') return;
      publishImport(companyId, await repo.updateContactImport(db, companyId, importId, { status: 'failed', error: 'ERR_INTERNAL' }));
      if (payload.source === 'spreadsheet') await storage.remove(companyId, IMPORT_FOLDER, payload.file);
    },
  });
};
