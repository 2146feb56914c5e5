// The contact import wizard's server side (01-core §2 /contacts/import; 02-operations §8 import
// errors; issue 17 point 3 and its bad input): a sheet or a contact list into contacts with tags and
// extra info, as a job whose progress and report are kept and sent live.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactImportPreview, ContactImportView, ImportColumn } from '@atende/shared/contact-imports';
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

type ContactAnswer = { id: number; name: string; number: string; email: string; tags: { name: string }[]; extraInfo: { name: string; value: string }[] };

const importer = async (planFlags: { useCampaigns?: boolean } = {}) => {
  const tenant = await createCompany(t.db, { planFlags });
  const session = await t.login(tenant.admin.email, TEST_PASSWORD);
  const token = session.token;
  const upload = (content: Buffer | string, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
    return t.request<ContactImportPreview & { error?: string }>('POST', '/contacts/import/upload', { token, rawBody: form });
  };
  const start = (body: Record<string, unknown>) => t.request<ContactImportView & { error?: string; fields?: { path: string; message: string }[] }>('POST', '/contacts/import', { token, body });
  const contacts = async () =>
    ((await t.request('GET', '/contacts?pageNumber=1', { token })).body as { contacts: ContactAnswer[]; count: number });
  const report = async (id: number) => (await t.request<ContactImportView>('GET', `/contacts/import/${id}`, { token })).body;
  return { ...tenant, ...session, upload, start, contacts, report };
};

const column = (field: ImportColumn['field'], extraInfoName = ''): ImportColumn => ({ field, extraInfoName });

describe('contact import from a spreadsheet (01-core §2 /contacts/import)', () => {
  it('a CSV mapped column by column: tags and extra info, a national number given its country code, a repeated number merged, bad rows reported by line; progress is live and the report kept', async () => {
    const s = await importer();
    const socket = await connectSocket(t, s.token);
    sockets.push(socket);
    const seen = recordEvents(socket);
    const chosen = (await t.request('POST', '/tags', { token: s.token, body: { name: 'Importados', color: '#123456', kanban: 0 } })).body as { id: number };
    // a contact the company already has keeps its name when the sheet leaves the name empty
    await t.request('POST', '/contacts', { token: s.token, body: { name: 'Carla Antiga', number: '5511966665555' } });
    const csv = [
      'Nome;Telefone;E-mail;Etiquetas;Cidade',
      'Ana Souza;+55 (11) 98888-7777;ana@example.test;VIP, Norte;Recife',
      'Sem Número;123;;;',
      ';;;;',
      'Bruno Lima;(11) 97777-6666;não-é-email;vip;',
      'Ana de Novo;55 11 98888 7777;;Sul;Olinda',
      ';5511966665555;carla@example.test;;',
    ].join('\n');
    const preview = await s.upload(csv, 'contatos.csv');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ fileName: 'contatos.csv', columnCount: 5 });
    expect(preview.body.rows[0]).toEqual(['Nome', 'Telefone', 'E-mail', 'Etiquetas', 'Cidade']);
    expect(preview.body.rows).toHaveLength(6);

    const started = await s.start({
      file: preview.body.file,
      fileName: 'contatos.csv',
      hasHeader: true,
      columns: [column('name'), column('number'), column('email'), column('tags'), column('extraInfo', 'Cidade')],
      tagIds: [chosen.id],
      countryCode: '55',
    });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ source: 'spreadsheet', sourceName: 'contatos.csv', status: 'queued' });
    await t.app.jobs.runDue();

    const { contacts } = await s.contacts();
    const byNumber = new Map(contacts.map((contact) => [contact.number, contact]));
    expect(byNumber.size).toBe(3);
    expect(byNumber.get('5511988887777')).toMatchObject({ name: 'Ana de Novo', email: 'ana@example.test', extraInfo: [{ name: 'Cidade', value: 'Olinda' }] });
    expect(byNumber.get('5511988887777')?.tags.map((tag) => tag.name).sort()).toEqual(['Importados', 'Norte', 'Sul', 'VIP']);
    expect(byNumber.get('5511977776666')).toMatchObject({ name: 'Bruno Lima', email: '' });
    expect(byNumber.get('5511977776666')?.tags.map((tag) => tag.name).sort()).toEqual(['Importados', 'VIP']);
    expect(byNumber.get('5511966665555')).toMatchObject({ name: 'Carla Antiga', email: 'carla@example.test' });

    const expected = { status: 'done', total: 5, processed: 5, imported: 3, failed: 1, errors: [{ line: 3, reason: 'validation.tooShort' }], error: null };
    expect(await s.report(started.body.id)).toMatchObject(expected);
    await awaitMarker(t, { socket, token: s.token, user: s.admin });
    const progress = seen.filter((event) => event.channel === `company-${s.company.id}-contactImport`).map((event) => event.payload as { record: ContactImportView });
    expect(progress.map((event) => event.record.status)).toEqual(['queued', 'running', 'running', 'done']);
    expect(progress.at(-1)?.record).toMatchObject(expected);
    expect((await t.request('GET', '/contacts/import', { token: s.token })).body).toMatchObject({ records: [{ id: started.body.id, status: 'done' }] });

    // the same sheet again merges into the same contacts
    const again = await s.upload(csv, 'contatos.csv');
    await s.start({ file: again.body.file, hasHeader: true, columns: [column('name'), column('number')], countryCode: '55' });
    await t.app.jobs.runDue();
    expect((await s.contacts()).count).toBe(3);
  });

  it('an xlsx: numbers typed as numbers, formulas, rich text and merged cells read by what they show', async () => {
    const s = await importer();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Contatos');
    sheet.addRow(['Nome', 'Número']);
    sheet.addRow(['Carla Dias', 5511955554444]);
    sheet.addRow([{ richText: [{ text: 'Dora ' }, { text: 'Alves' }] }, { formula: '"55119"&"44443333"', result: '5511944443333' }]);
    sheet.addRow(['Sem Telefone', '']);
    sheet.mergeCells('A5:B5');
    sheet.getCell('A5').value = 'Linha mesclada';
    const preview = await s.upload(Buffer.from(await workbook.xlsx.writeBuffer()), 'lista.xlsx');
    expect(preview.body.rows.slice(0, 2)).toEqual([['Nome', 'Número'], ['Carla Dias', '5511955554444']]);
    const started = await s.start({ file: preview.body.file, hasHeader: true, columns: [column('name'), column('number')] });
    await t.app.jobs.runDue();
    expect((await s.contacts()).contacts.map((contact) => [contact.name, contact.number]).sort()).toEqual([
      ['Carla Dias', '5511955554444'],
      ['Dora Alves', '5511944443333'],
    ]);
    expect(await s.report(started.body.id)).toMatchObject({
      status: 'done',
      processed: 4,
      imported: 2,
      failed: 2,
      errors: [
        { line: 4, reason: 'validation.tooShort' },
        { line: 5, reason: 'validation.tooShort' },
      ],
    });
  });

  it('the mapping is refused with the 02-operations §8 import errors, and nothing is imported (bad input)', async () => {
    const s = await importer();
    const preview = await s.upload('nome,numero,email\nAna,5511988887777,a@example.test', 'a.csv');
    const refused = async (body: Record<string, unknown>) => {
      const answer = await s.start({ file: preview.body.file, ...body });
      expect(answer.status).toBe(400);
      return answer.body.fields?.map((field) => field.message);
    };
    expect(await refused({ columns: [column('name'), column('ignore'), column('email')] })).toEqual(['contactImport.errors.numberColumn']);
    expect(await refused({ columns: [column('ignore'), column('number')] })).toEqual(['contactImport.errors.nameColumn']);
    expect(await refused({ columns: [column('name'), column('number'), column('number')] })).toEqual(['contactImport.errors.columnTaken']);
    expect(await refused({ columns: [column('name'), column('number'), column('extraInfo')] })).toEqual(['contactImport.errors.extraInfoName']);
    expect(await refused({ columns: [column('name'), column('number')], tagIds: [2_000_000] })).toEqual(['validation.unknownTag']);
    expect(await refused({ file: 'not-a-stored-file.csv', columns: [column('name'), column('number')] })).toEqual(['contactImport.errors.invalidFile']);
    expect(await refused({ file: '00000000-0000-0000-0000-000000000000.csv', columns: [column('name'), column('number')] })).toEqual(['contactImport.errors.invalidFile']);
    const headerOnly = await s.upload('nome,numero\n\n,\n', 'vazia.csv');
    expect(await refused({ file: headerOnly.body.file, columns: [column('name'), column('number')] })).toEqual(['contactImport.errors.noContacts']);
    await t.app.jobs.runDue();
    expect((await s.contacts()).count).toBe(0);
  });

  it('a renamed non-spreadsheet is "Arquivo inválido!" and .xls has its own code; nothing is stored (bad input)', async () => {
    const s = await importer();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000000' } }).png().toBuffer();
    expect((await s.upload(png, 'planilha.xlsx')).body).toEqual({ error: 'ERR_INVALID_FILE' });
    expect((await s.upload(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x00, 0xff]), 'planilha.csv')).body).toEqual({ error: 'ERR_INVALID_FILE' });
    const cfb = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]);
    expect((await s.upload(cfb, 'antiga.xls')).body).toEqual({ error: 'ERR_XLS_NOT_SUPPORTED' });
    // a zip that is not a workbook
    const brokenXlsx = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 1)]);
    expect((await s.upload(brokenXlsx, 'quebrada.xlsx')).body).toEqual({ error: 'ERR_INVALID_FILE' });
  });

  it('a 50,000-row xlsx from a streaming writer (its sheet stored before [Content_Types].xml) is imported whole, a repeated number merged (bad input)', async () => {
    const s = await importer();
    const path = join(tmpdir(), `contact-import-${process.pid}.xlsx`);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Contatos');
    sheet.addRow(['Nome', 'Telefone', 'E-mail', 'Etiquetas', 'Cidade']).commit();
    // the last row repeats the first one's number
    for (let i = 0; i < 50_000; i++) sheet.addRow([`Contato ${i}`, `(11) 9${String(i % 49_999).padStart(8, '0')}`, `c${i}@example.test`, 'bench', `Cidade ${i % 50}`]).commit();
    await workbook.commit();
    const data = readFileSync(path);
    rmSync(path);
    const preview = await s.upload(data, 'grande.xlsx');
    expect(preview.status).toBe(200);
    const started = await s.start({ file: preview.body.file, columns: [column('name'), column('number')], countryCode: '55' });
    await t.app.jobs.runDue();
    expect(await s.report(started.body.id)).toMatchObject({ status: 'done', total: 50_000, processed: 50_000, imported: 49_999, failed: 0 });
    expect((await s.contacts()).count).toBe(49_999);
  }, 600_000);

  it("another company's import and sheet are not found", async () => {
    const s = await importer();
    const other = await importer();
    const preview = await other.upload('nome,numero\nAna,5511988887777', 'a.csv');
    const theirs = await other.start({ file: preview.body.file, columns: [column('name'), column('number')] });
    expect((await t.request('GET', `/contacts/import/${theirs.body.id}`, { token: s.token })).body).toEqual({ error: 'ERR_NO_CONTACT_IMPORT_FOUND' });
    const second = await other.upload('nome,numero\nBia,5511977776666', 'b.csv');
    expect((await s.start({ file: second.body.file, columns: [column('name'), column('number')] })).status).toBe(400);
    await t.app.jobs.runDue();
    expect((await s.contacts()).count).toBe(0);
    expect((await other.contacts()).count).toBe(1);
  });
});

describe('contact import from a contact list (01-core §2 /contacts/import; 02-operations §7 Contact lists)', () => {
  it("a list's entries become contacts with the chosen tags; an empty list is 'Nenhum contato selecionado'; another company's list is not found", async () => {
    const s = await importer({ useCampaigns: true });
    const list = (await t.request('POST', '/contact-lists', { token: s.token, body: { name: 'Feira' } })).body as { id: number };
    for (const [name, number] of [['Ana', '5511988887777'], ['Bruno', '5511977776666']]) {
      await t.request('POST', '/contact-list-items', { token: s.token, body: { name, number, contactListId: list.id } });
    }
    const tag = (await t.request('POST', '/tags', { token: s.token, body: { name: 'Feira 2026', color: '#654321', kanban: 0 } })).body as { id: number };
    const started = await t.request<ContactImportView>('POST', '/contacts/import/contact-list', { token: s.token, body: { contactListId: list.id, tagIds: [tag.id] } });
    expect(started).toMatchObject({ status: 201, body: { source: 'contactList', sourceName: 'Feira', status: 'queued' } });
    await t.app.jobs.runDue();
    expect(await s.report(started.body.id)).toMatchObject({ status: 'done', total: 2, processed: 2, imported: 2, failed: 0 });
    const { contacts } = await s.contacts();
    expect(contacts.map((contact) => [contact.name, contact.number, contact.tags.map((entry) => entry.name)]).sort()).toEqual([
      ['Ana', '5511988887777', ['Feira 2026']],
      ['Bruno', '5511977776666', ['Feira 2026']],
    ]);

    const empty = (await t.request('POST', '/contact-lists', { token: s.token, body: { name: 'Vazia' } })).body as { id: number };
    expect((await t.request('POST', '/contacts/import/contact-list', { token: s.token, body: { contactListId: empty.id } })).body).toMatchObject({
      fields: [{ path: 'body.contactListId', message: 'contactImport.errors.noContacts' }],
    });
    const other = await importer({ useCampaigns: true });
    const theirs = (await t.request('POST', '/contact-lists', { token: other.token, body: { name: 'Deles' } })).body as { id: number };
    expect((await t.request('POST', '/contacts/import/contact-list', { token: s.token, body: { contactListId: theirs.id } })).body).toEqual({
      error: 'ERR_NO_CONTACT_LIST_FOUND',
    });
  });
});
