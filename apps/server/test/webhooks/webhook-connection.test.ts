// Issue 37 point 1: connection.status when a WhatsApp session's status changes (02-operations §4
// Connection status); a new QR code of the same status is not an event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupWhatsappCompany, startWhatsappApp } from '../channels/whatsapp/support.ts';
import { eventually } from '../helpers/integration-conversation.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

let t: TestApp;
let whatsapp: Awaited<ReturnType<typeof startWhatsappApp>>['whatsapp'];
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ t, whatsapp } = await startWhatsappApp());
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('connection status webhook events (issue 37 point 1)', () => {
  it('a session showing its QR code and then connecting sends connection.status twice, whatever the QR refreshes', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    await receiver.subscribe(t, setup.session.token, ['connection.status']);

    setup.socket.showQr('2@qr-one');
    setup.socket.showQr('2@qr-two');
    setup.socket.open('5511988887777');
    const statuses = () => receiver.events('connection.status').filter((body) => body.companyId === setup.company.id);
    // the session may still be writing its OPENING when the endpoint is made
    const shown = () => statuses().filter((body) => (body.data as { connection: { status: string } }).connection.status !== 'OPENING');
    await eventually(async () => shown().map((body) => (body.data as { connection: { status: string } }).connection.status)).toEqual(['qrcode', 'CONNECTED']);
    expect(shown()[1].data).toEqual({ connection: { id: setup.connectionId, name: 'WhatsApp Loja', channel: 'whatsapp', status: 'CONNECTED', statusReason: null } });
  });
});
