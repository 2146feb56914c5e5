// Spreadsheets from any tool import (issue 35 point 14): an xlsx whose zip stores the shared
// strings before or after the sheet, the workbook last, or with its sizes in data descriptors,
// reads as its text in contact lists (02-operations §7 POST /contact-lists/{id}/upload) and in the
// contact import (01-core §2 /contacts/import); a sheet with no row to import says why.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactImportPreview } from '@atende/shared/contact-imports';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { workbookParts, writeZip, type WorkbookParts, type ZipEntry, type ZipOptions } from '../factories/workbook.factory.ts';
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

const ROWS = [
  ['Nome', 'Telefone', 'E-mail'],
  ['Ana Souza', '5511988887777', 'ana@example.test'],
  ['Bruno Lima', 5511977776666, 'bruno@example.test'],
];

// Entry orders that writers use: the reader's own order, and the shared strings after the sheet
// with the workbook last (as LibreOffice Calc stores them).
const ORDERS: Record<string, (parts: WorkbookParts) => ZipEntry[]> = {
  'shared strings before the sheet': (p) => [p.contentTypes, p.rootRels, p.workbook, p.workbookRels, p.sharedStrings, p.sheet],
  'shared strings after the sheet, workbook last': (p) => [p.contentTypes, p.rootRels, p.workbookRels, p.sheet, p.sharedStrings, p.workbook],
  'shared strings first, workbook last': (p) => [p.contentTypes, p.rootRels, p.sharedStrings, p.workbookRels, p.sheet, p.workbook],
};
const ZIPS: Record<string, ZipOptions> = {
  deflated: { deflate: true },
  'stored with data descriptors': { deflate: false, dataDescriptors: true },
};

const session = async () => {
  const tenant = await createCompany(t.db);
  const { token } = await t.login(tenant.admin.email, TEST_PASSWORD);
  const form = (content: Buffer, name: string) => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(content)]), name);
    return body;
  };
  const list = async () => {
    const created = (await t.request('POST', '/contact-lists', { token, body: { name: 'Importada' } })).body as { id: number };
    const upload = (content: Buffer) => t.request('POST', `/contact-lists/${created.id}/upload`, { token, rawBody: form(content, 'contatos.xlsx') });
    const items = async () =>
      (await t.request('GET', `/contact-list-items?contactListId=${created.id}&pageNumber=1`, { token })).body as { count: number; contacts: { name: string; number: string; email: string }[] };
    return { id: created.id, upload, items };
  };
  const preview = (content: Buffer) => t.request<ContactImportPreview>('POST', '/contacts/import/upload', { token, rawBody: form(content, 'contatos.xlsx') });
  return { ...tenant, token, list, preview };
};

describe('an xlsx in any entry order imports its text (issue 35 point 14, 02-operations §7 Contact lists)', () => {
  for (const [order, entries] of Object.entries(ORDERS)) {
    for (const [zipName, options] of Object.entries(ZIPS)) {
      it(`contact list and contact import preview: ${order}, ${zipName}`, async () => {
        const s = await session();
        const file = writeZip(entries(workbookParts(ROWS)), options);
        const list = await s.list();
        expect((await list.upload(file)).status).toBe(200);
        await t.app.jobs.runDue();
        const { contacts } = await list.items();
        expect(contacts.map((item) => [item.name, item.number, item.email]).sort()).toEqual([
          ['Ana Souza', '5511988887777', 'ana@example.test'],
          ['Bruno Lima', '5511977776666', 'bruno@example.test'],
        ]);
        const preview = await s.preview(file);
        expect(preview.status).toBe(200);
        expect(preview.body.rows).toEqual([
          ['Nome', 'Telefone', 'E-mail'],
          ['Ana Souza', '5511988887777', 'ana@example.test'],
          ['Bruno Lima', '5511977776666', 'bruno@example.test'],
        ]);
      });
    }
  }

  it('a sheet with only its header imports nothing and says why instead of a success (bad input)', async () => {
    const s = await session();
    const socket = await connectSocket(t, s.token);
    sockets.push(socket);
    const seen = recordEvents(socket);
    const list = await s.list();
    const parts = workbookParts([ROWS[0]]);
    expect((await list.upload(writeZip(ORDERS['shared strings after the sheet, workbook last'](parts)))).status).toBe(200);
    await t.app.jobs.runDue();
    await awaitMarker(t, { socket, token: s.token, user: s.admin });
    const progress = seen.filter((event) => event.channel === `company-${s.company.id}-ContactListItem`).map((event) => event.payload);
    expect(progress.at(-1)).toEqual({
      action: 'import',
      contactListId: list.id,
      status: { done: true, processed: 0, imported: 0, failed: 0, errors: [], error: 'ERR_NO_CONTACTS_IN_FILE' },
    });
    expect((await list.items()).count).toBe(0);
  });
});
