// What a dry run checks in a page of a source table (issue 39 point 2): it writes nothing and keeps
// nothing from one page to the next, so its memory does not grow with the source. A row pointing
// at a row the source lacks, a media file not in the media folder, text in a wrong encoding and a
// phone number a company holds twice are found in the source itself; clashes with what this
// product already holds (an email, a phone number) show in the real run.
import type { Problem } from './import-context.ts';
import type { SourceDatabase, SourceRow } from './source-database.repo.ts';
import { copyMedia, mediaCandidates } from './source-media.ts';
import { mediaPathOf, optionalText, repairText, text } from './source-rows.rules.ts';
import type { SourceTable } from './source-schema.rules.ts';

type Reference = { column: string; table: string; what: string };
type MediaCheck = { candidates: (row: SourceRow) => string[] | null; what: string };
type TableCheck = { references?: Reference[]; media?: MediaCheck; imports?: (row: SourceRow) => boolean };

const ofCompany: Reference = { column: 'companyId', table: 'Companies', what: 'company' };
const ofContact: Reference = { column: 'contactId', table: 'Contacts', what: 'contact' };
const ofTicket: Reference = { column: 'ticketId', table: 'Tickets', what: 'ticket' };
const ofQueue: Reference = { column: 'queueId', table: 'Queues', what: 'queue' };

const checks: Record<string, TableCheck> = {
  Settings: { references: [ofCompany] },
  QueueIntegrations: { references: [ofCompany] },
  Queues: { references: [ofCompany] },
  QueueOptions: { references: [ofQueue] },
  Chatbots: { references: [ofQueue] },
  Prompts: { references: [ofQueue] },
  Whatsapps: {
    references: [ofCompany],
    media: { candidates: (row) => candidatesOf(mediaPathOf({ mediaUrl: row.greetingMediaAttachment }), row.companyId), what: 'the connection' },
  },
  WhatsappQueues: { references: [{ column: 'whatsappId', table: 'Whatsapps', what: 'connection' }, ofQueue] },
  Users: { references: [ofCompany] },
  UserQueues: { references: [{ column: 'userId', table: 'Users', what: 'user' }, ofQueue] },
  Tags: { references: [ofCompany] },
  QuickMessages: {
    references: [ofCompany],
    media: { candidates: (row) => candidatesOf(mediaPathOf({ mediaUrl: row.mediaPath }), row.companyId), what: 'the quick message' },
  },
  Contacts: { references: [ofCompany] },
  ContactCustomFields: { references: [ofContact] },
  ContactTags: { references: [ofContact, { column: 'tagId', table: 'Tags', what: 'tag' }] },
  Tickets: { references: [ofContact] },
  TicketTags: { references: [ofTicket, { column: 'tagId', table: 'Tags', what: 'tag' }] },
  Messages: { references: [ofTicket], media: { candidates: (row) => candidatesOf(mediaPathOf(row), row.companyId), what: 'the message' } },
  TicketNotes: { references: [ofTicket, ofContact] },
  TicketTraking: { references: [ofTicket] },
  UserRatings: { references: [ofTicket] },
  Schedules: {
    references: [ofContact],
    imports: (row) => optionalText(row, 'sentAt') === null,
    media: { candidates: (row) => (optionalText(row, 'sentAt') === null ? candidatesOf(mediaPathOf({ mediaUrl: row.mediaPath }), row.companyId) : null), what: 'the schedule' },
  },
  ContactLists: { references: [ofCompany] },
  ContactListItems: { references: [{ column: 'contactListId', table: 'ContactLists', what: 'list' }] },
  Files: { references: [ofCompany] },
  FilesOptions: {
    references: [{ column: 'fileId', table: 'Files', what: 'file list' }],
    media: {
      candidates: (row) => {
        const path = mediaPathOf({ mediaUrl: row.path });
        return path === null ? null : [`fileList/${text(row, 'fileId')}/${path}`, path];
      },
      what: 'the file list',
    },
  },
};

function candidatesOf(path: string | null, sourceCompanyId: unknown) {
  return path === null ? null : mediaCandidates(path, sourceCompanyId);
}

// Columns that hold machine data rather than people's text.
const notText = new Set(['session', 'qrcode', 'dataJson', 'jsonContent', 'passwordHash', 'token']);

export type PageCheck = { sourceDb: SourceDatabase; mediaDir: string | null; report: (problem: Problem) => void };

const sourceIdOf = (table: SourceTable, row: SourceRow) => (row.id === undefined ? table.key.map((column) => text(row, column)).join(':') : text(row, 'id'));

const checkText = (context: PageCheck, table: SourceTable, row: SourceRow) => {
  for (const [column, value] of Object.entries(row)) {
    if (typeof value !== 'string' || notText.has(column)) continue;
    const { problem } = repairText(value);
    if (problem) {
      const what = problem === 'repaired' ? 'text in a wrong encoding would be repaired' : 'text in a broken encoding would be kept as it is';
      context.report({ table: table.table, sourceId: sourceIdOf(table, row), problem: `${column}: ${what}` });
    }
  }
};

// A company's second contact of a phone number is merged into its first by a real run.
const checkDoubledPhones = async (context: PageCheck, rows: SourceRow[]) => {
  const digits = (row: SourceRow) => text(row, 'number').replace(/\D/g, '');
  const first = await context.sourceDb.firstContactsByNumber([...new Set(rows.map((row) => row.companyId))], [...new Set(rows.map(digits))]);
  for (const row of rows) {
    const firstId = first.get(`${text(row, 'companyId')}:${digits(row)}`);
    if (firstId !== undefined && firstId !== text(row, 'id')) {
      context.report({ table: 'Contacts', sourceId: text(row, 'id'), problem: `phone number ${digits(row)} is another contact's in the company: merged into it` });
    }
  }
};

// The rows of the page a real run would import; what it would report goes to context.report.
export const checkPage = async (context: PageCheck, table: SourceTable, rows: SourceRow[]) => {
  const check = (table.pass ? undefined : checks[table.table]) ?? {};
  const missing = new Set<SourceRow>();
  for (const reference of check.references ?? []) {
    const values = [...new Set(rows.map((row) => row[reference.column]).filter((value) => value !== null && value !== undefined))];
    const present = await context.sourceDb.presentValues(reference.table, 'id', values);
    for (const row of rows) {
      if (missing.has(row) || present.has(text(row, reference.column))) continue;
      missing.add(row);
      context.report({ table: table.table, sourceId: sourceIdOf(table, row), problem: `its ${reference.what} ${text(row, reference.column, 'none')} is missing` });
    }
  }
  if (table.table === 'Contacts' && !table.pass) await checkDoubledPhones(context, rows);
  for (const row of rows) {
    if (!table.pass) checkText(context, table, row);
    const candidates = check.media?.candidates(row);
    if (!candidates || missing.has(row)) continue;
    const found = context.mediaDir ? await copyMedia(null, context.mediaDir, 0, candidates) : { missing: candidates[0] };
    if ('missing' in found) context.report({ table: table.table, sourceId: sourceIdOf(table, row), problem: `media file ${found.missing} is missing: ${check.media?.what} would come without it` });
  }
  return rows.filter((row) => !missing.has(row) && (check.imports?.(row) ?? true)).length;
};
