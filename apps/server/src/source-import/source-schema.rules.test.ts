import { describe, expect, it } from 'vitest';
import { describeSource, NotAWhaticketDatabase } from './source-schema.rules.ts';

const layout = (tables: Record<string, string[]>) => new Map(Object.entries(tables).map(([table, columns]) => [table, new Set(columns)]));

const core = {
  Companies: ['id', 'name'],
  Users: ['id', 'companyId'],
  Contacts: ['id'],
  Tickets: ['id'],
  Messages: ['id', 'ticketId'],
  Whatsapps: ['id'],
};

describe('issue 39 point 1: knowing the source', () => {
  it('tells ticketz from a whaticket-SaaS copy and names the version by its last migration', () => {
    const ticketz = describeSource(layout({ ...core, BaileysKeys: ['whatsappId'], Plans: ['currency'] }), '20260522120000-add-error-to-messages.js');
    expect(ticketz).toMatchObject({ family: 'ticketz', version: '20260522120000-add-error-to-messages' });
    expect(describeSource(layout({ ...core, Plans: ['useCampaigns'] }), undefined)).toMatchObject({ family: 'whaticket-saas', version: 'unknown' });
  });

  it('lists what is skipped and why: absent tables and tables no import carries; file lists are carried', () => {
    const plan = describeSource(layout({ ...core, Files: ['id'], Campaigns: ['id'] }), undefined);
    expect(plan.tables.map((t) => t.pass ?? t.table)).toEqual(['Companies', 'Whatsapps', 'Users', 'Contacts', 'Tickets', 'Messages', 'MessageQuotes', 'Files']);
    expect(plan.skipped).toEqual(
      expect.arrayContaining([
        { table: 'Plans', reason: 'not in this version of the source' },
        { table: 'FilesOptions', reason: 'not in this version of the source' },
        { table: 'Campaigns', reason: expect.stringContaining('not part of what an import carries') },
      ]),
    );
  });

  it("skips a table a fork keeps under the same name in another layout, naming what it lacks, rather than report each of its rows", () => {
    const proLine = describeSource(layout({ ...core, BaileysKeys: ['whatsappId'], QueueIntegrations: ['id', 'queueId', 'provider', 'settings'] }), undefined);
    expect(proLine.tables.map((t) => t.table)).not.toContain('QueueIntegrations');
    expect(proLine.skipped).toContainEqual({ table: 'QueueIntegrations', reason: 'a layout this importer does not read: no companyId, type column' });
    const saas = describeSource(layout({ ...core, QueueIntegrations: ['id', 'companyId', 'type', 'urlN8N'] }), undefined);
    expect(saas.tables.map((t) => t.table)).toContain('QueueIntegrations');
  });

  it('issue 39 bad input: refuses a database of another kind, and a single-company whaticket', () => {
    expect(() => describeSource(layout({ users: ['id'], orders: ['id'] }), undefined)).toThrow(NotAWhaticketDatabase);
    expect(() => describeSource(layout({ ...core, Users: ['id', 'name'] }), undefined)).toThrow('a single-company whaticket');
  });
});
