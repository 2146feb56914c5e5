import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FILE_NAME, EXPORT_SHEET_NAME } from '@atende/shared/reports';
import { tickets } from '../../src/db/schema.ts';
import { REPORT_BATCH } from '../../src/modules/reports/reports.service.ts';
import { createCompany, createQueue, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { createConnection, createContact } from '../factories/contact.factory.ts';
import { insertHistoryTicket } from '../factories/ticket-history.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Row = { id: number; contactName: string; status: string; queueName: string | null; NPS: number | null; supportTime: number | null };

// Five tickets of March 2025 with known connections, queues, users, statuses and ratings.
const seedReport = async () => {
  const tenant = await createCompany(t.db);
  const companyId = tenant.company.id;
  const ana = await createUser(t.db, companyId, { name: 'Ana' });
  const bruno = await createUser(t.db, companyId, { name: 'Bruno' });
  const vendas = await createQueue(t.db, companyId, 'Vendas');
  const suporte = await createQueue(t.db, companyId, 'Suporte');
  const main = await createConnection(t.db, companyId, 'Principal');
  const second = await createConnection(t.db, companyId, 'Segunda');
  const maria = await createContact(t.db, companyId, { name: 'Maria da Silva Pereira Santos', number: '5511999990001' });
  const joao = await createContact(t.db, companyId, { name: 'João', number: '5511999990002' });
  const ticket = (history: Parameters<typeof insertHistoryTicket>[2]) => insertHistoryTicket(t.db, companyId, history);
  const t1 = await ticket({ contactId: maria.id, whatsappId: main.id, queueId: vendas.id, userId: ana.id, status: 'closed', createdAt: '2025-03-01T10:00:00Z', closedAt: '2025-03-01T11:30:00Z', rate: 9, lastMessage: 'Obrigada pelo atendimento, tudo certo' });
  const t2 = await ticket({ contactId: joao.id, whatsappId: main.id, queueId: suporte.id, userId: bruno.id, status: 'closed', createdAt: '2025-03-05T10:00:00Z', closedAt: '2025-03-05T10:20:00Z' });
  const t3 = await ticket({ whatsappId: second.id, queueId: null, userId: null, status: 'pending', createdAt: '2025-03-10T10:00:00Z' });
  const t4 = await ticket({ contactId: joao.id, whatsappId: second.id, queueId: vendas.id, userId: ana.id, status: 'open', createdAt: '2025-03-20T10:00:00Z' });
  const t5 = await ticket({ whatsappId: main.id, queueId: null, userId: bruno.id, status: 'closed', createdAt: '2025-03-31T23:00:00Z', closedAt: '2025-04-01T00:00:00Z', rate: 4 });
  // outside March
  await ticket({ whatsappId: main.id, status: 'closed', createdAt: '2025-04-01T00:00:00Z', closedAt: '2025-04-01T01:00:00Z' });
  const session = await t.login(tenant.admin.email, TEST_PASSWORD);
  return { ...tenant, session, ana, bruno, vendas, suporte, main, second, maria, joao, ids: { t1: t1.id, t2: t2.id, t3: t3.id, t4: t4.id, t5: t5.id } };
};

const march = 'dateFrom=2025-03-01&dateTo=2025-03-31';

// `count` closed tickets of one contact (closed, so one contact may have them all), the index-th
// created `minuteOf(index)` minutes after March 2025 began.
const insertClosedTickets = async (companyId: number, count: number, minuteOf: (index: number) => number) => {
  const contact = await createContact(t.db, companyId);
  await t.db.insert(tickets).values(
    Array.from({ length: count }, (_, index) => ({
      companyId,
      contactId: contact.id,
      status: 'closed' as const,
      createdAt: new Date(Date.UTC(2025, 2, 1) + minuteOf(index) * 60_000),
      closedAt: new Date('2025-03-31T00:00:00Z'),
    })),
  );
};

describe('tickets report (03-saas §2 Tickets report, §3 Report ticket row, §7 GET /ticketreport/reports)', () => {
  it('answers the rows of the period newest first with every column of the row, and the total', async () => {
    const s = await seedReport();
    const answer = await t.request('GET', `/ticketreport/reports?${march}&page=1&pageSize=10`, { token: s.session.token });
    expect(answer.status).toBe(200);
    expect(answer.body.totalTickets).toEqual({ total: 5 });
    expect(answer.body.tickets.map((row: Row) => row.id)).toEqual([s.ids.t5, s.ids.t4, s.ids.t3, s.ids.t2, s.ids.t1]);
    const first = answer.body.tickets.find((row: Row) => row.id === s.ids.t1);
    expect(first).toEqual({
      id: s.ids.t1,
      uuid: expect.any(String),
      whatsappName: 'Principal',
      contactName: 'Maria da Silva Pereira Santos',
      userName: 'Ana',
      queueName: 'Vendas',
      status: 'closed',
      lastMessage: 'Obrigada pelo atendimento, tudo certo',
      createdAt: '2025-03-01T10:00:00.000Z',
      closedAt: '2025-03-01T11:30:00.000Z',
      supportTime: 90,
      NPS: 9,
    });
    const pending = answer.body.tickets.find((row: Row) => row.id === s.ids.t3);
    expect(pending).toMatchObject({ userName: null, queueName: null, closedAt: null, supportTime: null, NPS: null });
  });

  it('filters by contact, connection, users, queues (0 = without queue), statuses, dates and only rated', async () => {
    const s = await seedReport();
    const ids = async (query: string) => {
      const answer = await t.request('GET', `/ticketreport/reports?${march}&${query}`, { token: s.session.token });
      expect(answer.status, query).toBe(200);
      expect(answer.body.totalTickets.total, query).toBe(answer.body.tickets.length);
      return (answer.body.tickets as Row[]).map((row) => row.id).sort((x, y) => x - y);
    };
    const sorted = (...list: number[]) => list.sort((x, y) => x - y);
    expect(await ids(`contactId=${s.joao.id}`)).toEqual(sorted(s.ids.t2, s.ids.t4));
    expect(await ids('searchParam=maria')).toEqual([s.ids.t1]);
    expect(await ids('searchParam=99990002')).toEqual(sorted(s.ids.t2, s.ids.t4));
    expect(await ids(`whatsappId=${encodeURIComponent(JSON.stringify([s.second.id]))}`)).toEqual(sorted(s.ids.t3, s.ids.t4));
    expect(await ids(`users=${encodeURIComponent(JSON.stringify([s.bruno.id]))}`)).toEqual(sorted(s.ids.t2, s.ids.t5));
    expect(await ids(`queueIds=${encodeURIComponent(JSON.stringify([0]))}`)).toEqual(sorted(s.ids.t3, s.ids.t5));
    expect(await ids(`queueIds=${encodeURIComponent(JSON.stringify([0, s.suporte.id]))}`)).toEqual(sorted(s.ids.t2, s.ids.t3, s.ids.t5));
    expect(await ids(`status=${encodeURIComponent(JSON.stringify(['open', 'pending']))}`)).toEqual(sorted(s.ids.t3, s.ids.t4));
    expect(await ids('onlyRated=true')).toEqual(sorted(s.ids.t1, s.ids.t5));
    expect(await ids('onlyRated=false')).toHaveLength(5);
    const period = await t.request('GET', '/ticketreport/reports?dateFrom=2025-03-05&dateTo=2025-03-10', { token: s.session.token });
    expect((period.body.tickets as Row[]).map((row) => row.id).sort((x, y) => x - y)).toEqual(sorted(s.ids.t2, s.ids.t3));
  });

  it('pages with the screen sizes and keeps the total (03-saas §9)', async () => {
    const s = await seedReport();
    const page = async (number: number, size: number) =>
      (await t.request('GET', `/ticketreport/reports?${march}&page=${number}&pageSize=${size}`, { token: s.session.token })).body;
    const first = await page(1, 2);
    const second = await page(2, 2);
    const third = await page(3, 2);
    expect(first.totalTickets.total).toBe(5);
    expect([...first.tickets, ...second.tickets, ...third.tickets].map((row: Row) => row.id)).toEqual([s.ids.t5, s.ids.t4, s.ids.t3, s.ids.t2, s.ids.t1]);
    expect(third.tickets).toHaveLength(1);
  });

  it('the export call of the family (page 1, pageSize 9999999) answers every row, streamed in batches (03-saas §7)', async () => {
    const tenant = await createCompany(t.db);
    const rows = 2100;
    await insertClosedTickets(tenant.company.id, rows, (index) => index);
    const session = await t.login(tenant.admin.email, TEST_PASSWORD);
    const answer = await t.request('GET', '/ticketreport/reports?page=1&pageSize=9999999', { token: session.token });
    expect(answer.status).toBe(200);
    expect(answer.body.totalTickets.total).toBe(rows);
    const ids = (answer.body.tickets as Row[]).map((row) => row.id);
    expect(ids).toHaveLength(rows);
    expect(new Set(ids).size).toBe(rows);
    // newest first across the batch boundaries
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
  });

  it('GET /ticketreport/reports/export writes every row once, newest first, across its database reads (03-saas §7)', async () => {
    const tenant = await createCompany(t.db);
    const rows = REPORT_BATCH * 3 + 150;
    // pairs of tickets share an instant, so the reads resume on (createdAt, id)
    await insertClosedTickets(tenant.company.id, rows, (index) => Math.floor(index / 2));
    const session = await t.login(tenant.admin.email, TEST_PASSWORD);
    const response = await fetch(`${t.url}/ticketreport/reports/export`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(response.headers.get('x-total-count')).toBe(String(rows));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet(EXPORT_SHEET_NAME);
    const ids = Array.from({ length: rows }, (_, index) => Number(sheet?.getRow(index + 2).getCell(1).value));
    expect(sheet?.actualRowCount).toBe(rows + 1);
    expect(new Set(ids).size).toBe(rows);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
  });

  it('GET /ticketreport/reports/export streams relatorio-de-atendimentos.xlsx with the sheet and its 13 columns (03-saas §7)', async () => {
    const s = await seedReport();
    const response = await fetch(`${t.url}/ticketreport/reports/export?${march}&queueIds=${encodeURIComponent('[0]')}`, { headers: { authorization: `Bearer ${s.session.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(EXPORT_FILE_NAME);
    expect(response.headers.get('x-total-count')).toBe('2');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet(EXPORT_SHEET_NAME);
    expect(sheet).toBeDefined();
    // the 13 cells of a row, an empty cell as ''
    const values = (index: number) => Array.from({ length: 13 }, (_, column) => sheet?.getRow(index).getCell(column + 1).value ?? '');
    expect(values(1)).toEqual(['ID', 'Conexão', 'Contato', 'Usuário', 'Fila', 'Status', 'Última Mensagem', 'Data Abertura', 'Hora Abertura', 'Data Fechamento', 'Hora Fechamento', 'Tempo de Atendimento', 'NPS']);
    expect(sheet?.actualRowCount).toBe(3);
    // t5: Bruno, no queue, closed after an hour, rated 4; then t3, pending
    // statuses as words (issue 35 point 12), in Portuguese when the request names no language
    expect(values(2)).toEqual([s.ids.t5, 'Principal', expect.any(String), 'Bruno', '', 'Resolvido', '', '31/03/2025', '23:00', '01/04/2025', '00:00', '01:00', 4]);
    expect(values(3).slice(0, 9)).toEqual([s.ids.t3, 'Segunda', expect.any(String), '', '', 'Aguardando', '', '10/03/2025', '10:00']);
  });

  it("writes the export's headers and statuses in the asking user's language (issue 35 point 12)", async () => {
    const s = await seedReport();
    const exportIn = async (acceptLanguage: string) => {
      const response = await fetch(`${t.url}/ticketreport/reports/export?${march}&queueIds=${encodeURIComponent('[0]')}`, {
        headers: { authorization: `Bearer ${s.session.token}`, 'accept-language': acceptLanguage },
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const sheet = workbook.getWorksheet(EXPORT_SHEET_NAME);
      return [1, 2, 3].map((row) => [sheet?.getRow(row).getCell(2).value, sheet?.getRow(row).getCell(6).value, sheet?.getRow(row).getCell(13).value ?? '']);
    };
    expect(await exportIn('en')).toEqual([['Connection', 'Status', 'NPS'], ['Principal', 'Resolved', 4], ['Segunda', 'Pending', '']]);
    expect(await exportIn('es-ES,es;q=0.9')).toEqual([['Conexión', 'Estado', 'NPS'], ['Principal', 'Resuelto', 4], ['Segunda', 'Esperando', '']]);
    expect(await exportIn('tr')).toEqual([['Bağlantı', 'Durum', 'NPS'], ['Principal', 'Çözüldü', 4], ['Segunda', 'Bekleyen', '']]);
    // a language the product does not speak falls back to Portuguese
    expect(await exportIn('de-DE')).toEqual([['Conexão', 'Status', 'NPS'], ['Principal', 'Resolvido', 4], ['Segunda', 'Aguardando', '']]);
  });

  it('admins and users with showDashboard; a plain user gets 403 (03-saas §6)', async () => {
    const tenant = await createCompany(t.db);
    const plain = await t.login((await createUser(t.db, tenant.company.id)).email, TEST_PASSWORD);
    const allowed = await t.login((await createUser(t.db, tenant.company.id, { showDashboard: 'enabled' })).email, TEST_PASSWORD);
    for (const path of ['/ticketreport/reports', '/ticketreport/reports/export']) {
      expect((await t.request('GET', path, { token: plain.token })).status, path).toBe(403);
      expect((await t.request('GET', path, { token: allowed.token })).status, path).toBe(200);
    }
  });

  it("another company's ids in the lists match nothing; bad lists and sizes are a clear 400 (issue 18 Bad input)", async () => {
    const s = await seedReport();
    const other = await seedReport();
    const foreign = encodeURIComponent(JSON.stringify([other.ana.id]));
    const answer = await t.request('GET', `/ticketreport/reports?users=${foreign}`, { token: s.session.token });
    expect(answer.body).toEqual({ tickets: [], totalTickets: { total: 0 } });
    const byContact = await t.request('GET', `/ticketreport/reports?contactId=${other.maria.id}`, { token: s.session.token });
    expect(byContact.body.totalTickets.total).toBe(0);
    for (const [name, list] of [['queueIds', [other.vendas.id]], ['whatsappId', [other.main.id]]] as const) {
      const foreignList = await t.request('GET', `/ticketreport/reports?${name}=${encodeURIComponent(JSON.stringify(list))}`, { token: s.session.token });
      expect(foreignList.body, name).toEqual({ tickets: [], totalTickets: { total: 0 } });
    }
    // JSON that is not a list of ids: an object, a word, a negative id, an object for the statuses
    const notLists = ['users=%7B%22id%22%3A1%7D', 'users=%22ana%22', 'whatsappId=%5B-1%5D', 'status=%7B%7D'];
    const badSizes = ['pageSize=0', 'pageSize=-5', 'pageSize=abc', 'pageSize=10000000', 'page=0'];
    for (const query of ['users=%7Bnot-json', 'queueIds=%5B%22x%22%5D', 'status=%5B%22bogus%22%5D', ...notLists, ...badSizes, 'dateFrom=2025-02-30', 'onlyRated=maybe']) {
      const bad = await t.request('GET', `/ticketreport/reports?${query}`, { token: s.session.token });
      expect(bad.status, query).toBe(400);
    }
    // a reversed or absurd period is simply empty
    expect((await t.request('GET', '/ticketreport/reports?dateFrom=2025-03-31&dateTo=2025-03-01', { token: s.session.token })).body.totalTickets.total).toBe(0);
    expect((await t.request('GET', '/ticketreport/reports?dateFrom=1900-01-01&dateTo=1901-01-01', { token: s.session.token })).body.totalTickets.total).toBe(0);
    // a hundred years holds this company's five tickets and no other's
    const century = await t.request('GET', '/ticketreport/reports?dateFrom=1925-04-01&dateTo=2025-03-31', { token: s.session.token });
    expect((century.body.tickets as Row[]).map((row) => row.id).sort((x, y) => x - y)).toEqual(Object.values(s.ids).sort((x, y) => x - y));
    // a page past the last is empty and keeps the total
    expect((await t.request('GET', `/ticketreport/reports?${march}&page=99&pageSize=30`, { token: s.session.token })).body).toEqual({ tickets: [], totalTickets: { total: 5 } });
  });

  it("the export refuses bad filters with a 400 and exports only the header row for another company's ids (issue 18 Bad input, 03-saas §7)", async () => {
    const s = await seedReport();
    const other = await seedReport();
    const exportOf = (query: string) => fetch(`${t.url}/ticketreport/reports/export?${query}`, { headers: { authorization: `Bearer ${s.session.token}` } });
    for (const query of ['users=%7B%22id%22%3A1%7D', 'queueIds=%5B%22x%22%5D', 'dateTo=2025-13-01', 'onlyRated=maybe']) {
      const bad = await exportOf(query);
      expect(bad.status, query).toBe(400);
      expect(await bad.json(), query).toMatchObject({ error: expect.any(String) });
    }
    const foreign = await exportOf(`users=${encodeURIComponent(JSON.stringify([other.ana.id, other.bruno.id]))}`);
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('x-total-count')).toBe('0');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await foreign.arrayBuffer());
    const sheet = workbook.getWorksheet(EXPORT_SHEET_NAME);
    expect(sheet?.actualRowCount).toBe(1);
    expect(sheet?.getRow(1).getCell(1).value).toBe('ID');
  });
});
