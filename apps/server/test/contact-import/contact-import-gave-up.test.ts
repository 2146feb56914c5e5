// A contact import whose job the runner gave up on (its process died on every attempt, so the
// leases ran out) ends as failed with its report, not "running" forever (issue 17 Bad input: never a
// half-imported list without a report).
import { eq } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { contactLists, jobs } from '../../src/db/schema.ts';
import { findContactImport, insertContactImport, updateContactImport } from '../../src/modules/contact-import/contact-import.repo.ts';
import { contactImportJob, registerContactImportJobs } from '../../src/modules/contact-import/contact-import.jobs.ts';
import { createEventBus, type DomainEvent } from '../../src/platform/events.ts';
import { enqueueJob } from '../../src/platform/jobs/jobs.repo.ts';
import { createObjectStore, createStorage } from '../../src/platform/storage.ts';
import { createCompany } from '../factories/company.factory.ts';
import { openTestDatabase } from '../helpers/test-database.ts';
import { runnerOver } from '../jobs/support.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('contact import given up by the job runner (01-core §2 /contacts/import; 02-operations §8 import)', () => {
  it('the record becomes failed with ERR_INTERNAL, keeps its progress, and the change is published', async () => {
    const { company, admin } = await createCompany(database.db);
    const [list] = await database.db.insert(contactLists).values({ companyId: company.id, name: 'Clientes' }).returning();
    const record = await insertContactImport(database.db, company.id, { userId: admin.id, source: 'contactList', sourceName: list.name });
    await updateContactImport(database.db, company.id, record.id, { status: 'running', total: 1000, processed: 500, imported: 480, failed: 20 });
    await enqueueJob(database.db, contactImportJob, { companyId: company.id, importId: record.id, tagIds: [], source: 'contactList', contactListId: list.id });
    // every attempt was claimed by a process that died: the next claim finds none left
    await database.db.update(jobs).set({ attempts: contactImportJob.maxAttempts }).where(eq(jobs.kind, contactImportJob.name));

    const bus = createEventBus();
    const published: DomainEvent[] = [];
    bus.subscribe((event) => published.push(event));
    const runner = runnerOver(database);
    registerContactImportJobs(runner, { db: database.db, bus, storage: createStorage(createObjectStore({ driver: 'local' }, mkdtempSync(join(tmpdir(), 'atende-import-')))) });
    await runner.runDue();

    expect(await findContactImport(database.db, company.id, record.id)).toMatchObject({ status: 'failed', error: 'ERR_INTERNAL', processed: 500, imported: 480, failed: 20 });
    expect(published).toEqual([expect.objectContaining({ companyId: company.id, event: 'contactImport', payload: expect.objectContaining({ action: 'update' }) })]);
  });
});
