// Issue 37 point 1: contact.created for the contacts no screen creates — a customer's first message
// and a contact import — recorded in the transaction that created them, at a loopback receiver.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookBody } from '@atende/shared/webhooks';
import { webhookDeliveries } from '../../src/db/schema.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { eventually } from '../helpers/integration-conversation.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const subscribed = (token: string, events: string[]) => receiver.subscribe(t, token, events);

const ofCompany = (companyId: number) => receiver.events().filter((body) => body.companyId === companyId);
const numberOf = (body: WebhookBody) => (body.data as { contact: { number: string } }).contact.number;
const recordedEvents = async (companyId: number) =>
  (await t.db.select({ event: webhookDeliveries.event }).from(webhookDeliveries).where(eq(webhookDeliveries.companyId, companyId)).orderBy(webhookDeliveries.id)).map(
    (row) => row.event,
  );

describe('contact.created without a screen (issue 37 point 1)', () => {
  it("a customer's first message sends contact.created before ticket.created; the same customer's next message sends none", async () => {
    const a = await setupAttendance(t);
    await subscribed(a.adminSession.token, ['contact.created', 'ticket.created']);
    await a.inbound('5511955554444', 'Olá');
    // recorded in that order; their arrival is not ordered, as only one ticket's events are (docs/webhooks.md)
    await eventually(async () => ofCompany(a.company.id).map((body) => body.event).sort()).toEqual(['contact.created', 'ticket.created']);
    expect(await recordedEvents(a.company.id)).toEqual(['contact.created', 'ticket.created']);
    expect(ofCompany(a.company.id).find((body) => body.event === 'contact.created')?.data).toMatchObject({ contact: { number: '5511955554444', isGroup: false } });

    await a.inbound('5511955554444', 'Ainda aí?');
    // the second message is stored (its transaction committed) and recorded no event
    expect(await recordedEvents(a.company.id)).toEqual(['contact.created', 'ticket.created']);
  });

  it('a contact import sends contact.created for each contact it created and contact.updated for one it changed', async () => {
    const a = await setupAttendance(t);
    const token = a.adminSession.token;
    expect((await t.request('POST', '/contacts', { token, body: { name: 'Carla', number: '5511966665555' } })).status).toBe(201);
    await subscribed(token, ['contact.created', 'contact.updated']);
    const form = new FormData();
    form.append('file', new Blob(['Nome;Telefone\nAna;5511988887777\nBruno;5511977776666\nCarla Nova;5511966665555']), 'contatos.csv');
    const upload = await t.request<{ file: string }>('POST', '/contacts/import/upload', { token, rawBody: form });
    expect(upload.status).toBe(200);
    const started = await t.request('POST', '/contacts/import', {
      token,
      body: {
        file: upload.body.file,
        fileName: 'contatos.csv',
        hasHeader: true,
        columns: [{ field: 'name', extraInfoName: '' }, { field: 'number', extraInfoName: '' }],
        tagIds: [],
        countryCode: '55',
      },
    });
    expect(started.status).toBe(201);
    await t.app.jobs.runDue();
    expect((await recordedEvents(a.company.id)).sort()).toEqual(['contact.created', 'contact.created', 'contact.updated']);
    await eventually(async () => ofCompany(a.company.id).length).toBe(3);
    const created = ofCompany(a.company.id).filter((body) => body.event === 'contact.created');
    expect(created.map(numberOf).sort()).toEqual(['5511977776666', '5511988887777']);
    expect(created[0].data).toMatchObject({ contact: { name: expect.stringMatching(/^(Ana|Bruno)$/) } });
    const updated = ofCompany(a.company.id).filter((body) => body.event === 'contact.updated');
    expect(updated.map((body) => body.data)).toEqual([expect.objectContaining({ contact: expect.objectContaining({ number: '5511966665555', name: 'Carla Nova' }) })]);
  });
});
