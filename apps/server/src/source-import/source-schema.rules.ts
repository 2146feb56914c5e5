// Which member of the whaticket family a source database is, read from the tables and columns its
// migrations left (issue 39 point 1), and what of it this importer carries. Table and column names
// are those of the projects' own migrations (ticketz-oss/ticketz, the whaticket-SaaS copies).

export type SourceColumns = ReadonlyMap<string, ReadonlySet<string>>;

export type SourceFamily = 'ticketz' | 'whaticket-saas';

// A table is read in the order of its key, a page after the last key of the page before. A
// second pass over a table has its own name (its progress is kept apart) and may read only the
// rows it needs.
export type SourceTable = { table: string; key: readonly string[]; pass?: string; onlyWhere?: string };

export const stepNameOf = (table: SourceTable) => table.pass ?? table.table;

export type PlannedTable = SourceTable & { present: boolean };
export type SkippedTable = { table: string; reason: string };

export type ImportPlan = { family: SourceFamily; version: string; tables: PlannedTable[]; skipped: SkippedTable[] };

export class NotAWhaticketDatabase extends Error {}

const required = ['Companies', 'Users', 'Contacts', 'Tickets', 'Messages', 'Whatsapps'];

// In dependency order: every table after the ones its rows point to.
export const importedTables: readonly SourceTable[] = [
  { table: 'Plans', key: ['id'] },
  { table: 'Companies', key: ['id'] },
  { table: 'Settings', key: ['id'] },
  { table: 'QueueIntegrations', key: ['id'] },
  { table: 'Queues', key: ['id'] },
  { table: 'QueueOptions', key: ['id'] },
  { table: 'Chatbots', key: ['id'] },
  { table: 'Prompts', key: ['id'] },
  { table: 'Whatsapps', key: ['id'] },
  { table: 'WhatsappQueues', key: ['whatsappId', 'queueId'] },
  { table: 'Users', key: ['id'] },
  { table: 'UserQueues', key: ['userId', 'queueId'] },
  { table: 'Tags', key: ['id'] },
  { table: 'QuickMessages', key: ['id'] },
  { table: 'Contacts', key: ['id'] },
  { table: 'ContactCustomFields', key: ['id'] },
  { table: 'ContactTags', key: ['contactId', 'tagId'] },
  { table: 'Tickets', key: ['id'] },
  { table: 'TicketTags', key: ['ticketId', 'tagId'] },
  { table: 'Messages', key: ['id', 'ticketId'] },
  { table: 'Messages', key: ['id', 'ticketId'], pass: 'MessageQuotes', onlyWhere: '"quotedMsgId" is not null' },
  { table: 'TicketNotes', key: ['id'] },
  { table: 'TicketTraking', key: ['id'] },
  { table: 'UserRatings', key: ['id'] },
  { table: 'Schedules', key: ['id'] },
  { table: 'ContactLists', key: ['id'] },
  { table: 'ContactListItems', key: ['id'] },
  { table: 'Files', key: ['id'] },
  { table: 'FilesOptions', key: ['id'] },
];

// Read by the steps of other tables rather than on their own.
const readAlongside: Record<string, string> = {
  BaileysKeys: 'the signal keys of the connections, carried with Whatsapps',
  SequelizeMeta: 'the list of applied migrations, read to name the version',
};

// A table a fork made under the same name in another layout is read only in the layout its step
// knows: ticketz's pro line keeps its QueueIntegrations per queue (queueId, provider, settings),
// without the company and type the SaaS copies' rows carry.
const layoutColumns: Record<string, readonly string[]> = {
  QueueIntegrations: ['companyId', 'type'],
};

const notCarried = 'not part of what an import carries (campaigns, internal chat, announcements, invoices and the like start afresh)';

const hasColumn = (columns: SourceColumns, table: string, column: string) => columns.get(table)?.has(column) ?? false;

const familyOf = (columns: SourceColumns): SourceFamily => {
  // ticketz keeps the signal keys in their own table (migration 20240620080700) or, before it,
  // names companies' languages; the whaticket-SaaS copies switch features per plan
  if (columns.has('BaileysKeys') || hasColumn(columns, 'Plans', 'currency')) return 'ticketz';
  return 'whaticket-saas';
};

// The newest applied migration names the version of a source best; without the list, the layout.
export const describeSource = (columns: SourceColumns, lastMigration: string | undefined): ImportPlan => {
  const missing = required.filter((table) => !columns.has(table));
  if (missing.length > 0) {
    throw new NotAWhaticketDatabase(`not a whaticket or ticketz database: no ${missing.join(', ')} table`);
  }
  if (!hasColumn(columns, 'Users', 'companyId')) {
    throw new NotAWhaticketDatabase('a single-company whaticket (no companyId on Users): only ticketz and the whaticket-SaaS copies are read');
  }
  const family = familyOf(columns);
  const unreadColumns = (table: string) => (columns.has(table) ? (layoutColumns[table] ?? []).filter((column) => !hasColumn(columns, table, column)) : []);
  const tables = importedTables.map((table) => ({ ...table, present: columns.has(table.table) && unreadColumns(table.table).length === 0 }));
  const known = new Set([...importedTables.map((t) => t.table), ...Object.keys(readAlongside)]);
  const skipped: SkippedTable[] = [
    ...tables
      .filter((t) => !t.present)
      .map((t) => {
        const unread = unreadColumns(t.table);
        return { table: t.table, reason: unread.length > 0 ? `a layout this importer does not read: no ${unread.join(', ')} column` : 'not in this version of the source' };
      }),
    ...[...columns.keys()]
      .filter((table) => !known.has(table))
      .sort()
      .map((table) => ({ table, reason: notCarried })),
  ];
  return { family, version: lastMigration?.replace(/\.(js|ts)$/, '') ?? 'unknown', tables: tables.filter((t) => t.present), skipped };
};
