// Spreadsheet import into a contact list (02-operations §7 POST /contact-lists/{id}/upload; issue 17
// point 2 and its bad input): a job reads the sheet row by row, merges repeated numbers, reports
// refused rows with their line numbers, and tells its progress live.
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { connectSocket, recordEvents } from '../helpers/attendance.ts';
import { awaitMarker } from '../helpers/socket-marker.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await t?.close();
});

const listOf = async () => {
  const tenant = await createCompany(t.db);
  const session = await t.login(tenant.admin.email, TEST_PASSWORD);
  const list = (await t.request('POST', '/contact-lists', { token: session.token, body: { name: 'Importada' } })).body as { id: number };
  const upload = (content: Buffer | string, name: string, listId = list.id) => {
    const form = new FormData();
    form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
    return t.request('POST', `/contact-lists/${listId}/upload`, { token: session.token, rawBody: form });
  };
  const items = async () =>
    ((await t.request('GET', `/contact-list-items?contactListId=${list.id}&pageNumber=1`, { token: session.token })).body as {
      count: number;
      contacts: { name: string; number: string; email: string }[];
    });
  return { ...tenant, ...session, list, upload, items };
};

describe('spreadsheet import into a contact list (02-operations §7 Contact lists)', () => {
  it('a CSV with a header: rows imported, a repeated number merged, bad rows reported with their line, empty rows skipped; progress is live', async () => {
    const s = await listOf();
    const socket = await connectSocket(t, s.token);
    sockets.push(socket);
    const seen = recordEvents(socket);
    const csv = [
      'Nome;Telefone;E-mail',
      'Ana Souza;+55 (11) 98888-7777;ana@example.test',
      'Sem Número;123;',
      ';;',
      'Bruno Lima;5511977776666;não-é-email',
      'Ana de Novo;55 11 98888 7777;ana2@example.test',
      ';5511966665555;',
    ].join('\n');
    expect(await s.upload(csv, 'contatos.csv')).toMatchObject({ status: 200, body: { contactListId: s.list.id, queued: true } });
    await t.app.jobs.runDue();
    const { contacts, count } = await s.items();
    expect(count).toBe(3);
    expect(contacts.map((item) => [item.name, item.number, item.email]).sort()).toEqual([
      ['5511966665555', '5511966665555', ''],
      ['Ana de Novo', '5511988887777', 'ana2@example.test'],
      ['Bruno Lima', '5511977776666', ''],
    ]);
    await awaitMarker(t, { socket, token: s.token, user: s.admin });
    const progress = seen.filter((event) => event.channel === `company-${s.company.id}-ContactListItem`).map((event) => event.payload);
    expect(progress.at(-1)).toEqual({
      action: 'import',
      contactListId: s.list.id,
      status: { done: true, processed: 5, imported: 3, failed: 1, errors: [{ line: 3, reason: 'validation.tooShort' }] },
    });
    expect(seen.filter((event) => event.channel === `company-${s.company.id}-ContactList`).at(-1)?.payload).toMatchObject({
      action: 'update',
      record: { id: s.list.id, contactsCount: 3 },
    });
  });

  it('an xlsx without a header: numbers typed as numbers, formulas and rich text read by what they show', async () => {
    const s = await listOf();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Contatos');
    sheet.addRow(['Carla Dias', 5511955554444, 'carla@example.test']);
    sheet.addRow([{ richText: [{ text: 'Dora ' }, { text: 'Alves' }] }, { formula: '"55119"&"44443333"', result: '5511944443333' }, '']);
    sheet.addRow(['Sem Telefone', '', '']);
    sheet.mergeCells('A5:C5');
    sheet.getCell('A5').value = 'Linha mesclada';
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await s.upload(data, 'lista.xlsx')).status).toBe(200);
    await t.app.jobs.runDue();
    const { contacts } = await s.items();
    expect(contacts.map((item) => [item.name, item.number]).sort()).toEqual([
      ['Carla Dias', '5511955554444'],
      ['Dora Alves', '5511944443333'],
    ]);
  });

  it('refuses .xls with its own code and a renamed non-spreadsheet; nothing is queued (bad input)', async () => {
    const s = await listOf();
    const cfb = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]);
    expect((await s.upload(cfb, 'antiga.xls')).body).toEqual({ error: 'ERR_XLS_NOT_SUPPORTED' });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000000' } }).png().toBuffer();
    expect((await s.upload(png, 'planilha.xlsx')).body).toEqual({ error: 'ERR_INVALID_FILE' });
    expect((await s.upload('<html></html>', 'planilha.html')).body).toEqual({ error: 'ERR_INVALID_FILE' });
    await t.app.jobs.runDue();
    expect((await s.items()).count).toBe(0);
  });

  it("another company's list is not found", async () => {
    const s = await listOf();
    const other = await listOf();
    expect((await s.upload('nome,numero\nAna,5511988887777', 'a.csv', other.list.id)).body).toEqual({ error: 'ERR_NO_CONTACT_LIST_FOUND' });
    await t.app.jobs.runDue();
    expect((await other.items()).count).toBe(0);
  });

  it('a 10,000-row sheet is imported whole, read from disk row by row', async () => {
    const s = await listOf();
    const rows = ['name,number,email'];
    for (let i = 0; i < 10_000; i++) rows.push(`Contato ${i},55119${String(i).padStart(8, '0')},c${i}@example.test`);
    expect((await s.upload(rows.join('\n'), 'grande.csv')).status).toBe(200);
    await t.app.jobs.runDue();
    expect((await s.items()).count).toBe(10_000);
  }, 120_000);
});
