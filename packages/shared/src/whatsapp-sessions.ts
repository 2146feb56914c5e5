// 02-operations §7 Connections, the session actions of the §4 status table: try again, new QR,
// disconnect, restart every WhatsApp session of the company, and close the imported tickets.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { idParam } from './validation.ts';

export const whatsappSessionParams = z.strictObject({ whatsappId: idParam });
const sessionAnswer = z.object({ message: z.string() }).meta({ id: 'WhatsappSessionAnswer' });
const notFound = { 404: ['ERR_NO_WAPP_FOUND'] } as const;

export const whatsappSessionEndpoints = {
  tryAgain: defineEndpoint({
    method: 'POST',
    path: '/whatsappsession/:whatsappId',
    params: whatsappSessionParams,
    response: sessionAnswer,
    operationId: 'startWhatsappSession',
    summary: 'Starts the WhatsApp Web session of a connection again (try again)',
    errors: notFound,
  }),
  newQr: defineEndpoint({
    method: 'PUT',
    path: '/whatsappsession/:whatsappId',
    params: whatsappSessionParams,
    response: sessionAnswer,
    operationId: 'renewWhatsappQrCode',
    summary: 'Drops the linked device and starts a session with a new QR code',
    errors: notFound,
  }),
  disconnect: defineEndpoint({
    method: 'DELETE',
    path: '/whatsappsession/:whatsappId',
    params: whatsappSessionParams,
    response: sessionAnswer,
    operationId: 'disconnectWhatsappSession',
    summary: 'Logs the connection out of WhatsApp',
    errors: notFound,
  }),
  closeImported: defineEndpoint({
    method: 'POST',
    path: '/closedimported/:whatsappId',
    params: whatsappSessionParams,
    response: z.object({ closed: z.number().int() }),
    operationId: 'closeImportedTickets',
    summary: 'Closes the tickets a message import opened on the connection',
    errors: notFound,
  }),
  // the spec writes /whatsapp-restart/; the router answers it with or without the slash, and the
  // document names it without (an OpenAPI path may not end in one)
  restartAll: defineEndpoint({
    method: 'POST',
    path: '/whatsapp-restart',
    response: sessionAnswer,
    operationId: 'restartWhatsappSessions',
    summary: 'Restarts every WhatsApp Web session of the company',
  }),
};
