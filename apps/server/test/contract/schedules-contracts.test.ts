// Issue 36 point 1: the scheduled-messages calls answer what their contracts say (02-operations §7 Schedules).
import { schedulesEndpoints } from '@atende/shared/scheduled-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { createContact } from '../factories/contact.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let token: string;
let contactId: number;
beforeAll(async () => {
  t = await startTestApp();
  const { company, admin } = await createCompany(t.db, { planFlags: { useSchedules: true } });
  token = (await t.login(admin.email, TEST_PASSWORD)).token;
  contactId = (await createContact(t.db, company.id, { name: 'Maria' })).id;
});
afterAll(() => t?.close());

describe('scheduled-messages contracts (02-operations §7 Schedules)', () => {
  it('each call answers its response schema', async () => {
    const created = await t.request('POST', '/schedules', { token, body: { body: 'Lembrete da consulta', contactId, sendAt: '2099-03-02T09:30' } });
    expect(created.status).toBe(201);
    const schedule = schedulesEndpoints.create.response.parse(created.body);
    expect(schedulesEndpoints.show.response.parse((await t.request('GET', `/schedules/${schedule.id}`, { token })).body).contact.name).toBe('Maria');
    const page = schedulesEndpoints.page.response.parse((await t.request('GET', `/schedules?contactId=${contactId}`, { token })).body);
    expect(page.schedules.map((row) => row.id)).toEqual([schedule.id]);
    const updated = await t.request('PUT', `/schedules/${schedule.id}`, { token, body: { body: 'Lembrete do retorno' } });
    expect(schedulesEndpoints.update.response.parse(updated.body).body).toBe('Lembrete do retorno');

    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }), 'guia.pdf');
    const attached = await t.request('POST', `/schedules/${schedule.id}/media-upload`, { token, rawBody: form });
    expect(schedulesEndpoints.uploadMedia.response.parse(attached.body).mediaName).toBe('guia.pdf');
    const detached = await t.request('DELETE', `/schedules/${schedule.id}/media-upload`, { token });
    expect(schedulesEndpoints.removeMedia.response.parse(detached.body).mediaPath).toBeNull();

    expect((await t.request('DELETE', `/schedules/${schedule.id}`, { token })).status).toBe(204);
    expect((await t.request('GET', `/schedules/${schedule.id}`, { token })).body).toEqual({ error: 'ERR_NO_SCHEDULE_FOUND' });
  });
});
