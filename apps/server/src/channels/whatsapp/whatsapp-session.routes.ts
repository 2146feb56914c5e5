// 02-operations §7 Connections, session actions of the §4 status table: try again
// (POST /whatsappsession/{id}), new QR (PUT), disconnect (DELETE), restart every WhatsApp session
// of the company (POST /whatsapp-restart/), and close the imported tickets
// (POST /closedimported/{id}). Admins, or users with allowConnections.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@atende/shared/validation';
import type { WhatsappSessionService } from './whatsapp-session.service.ts';

const sessionParams = z.strictObject({ whatsappId: idParam });
const access = { access: 'tenant', permission: 'connections-page:actionButtons' } as const;

export const whatsappSessionRoutes = (sessions: WhatsappSessionService): FastifyPluginAsyncZod => async (app) => {
  app.post('/whatsappsession/:whatsappId', { config: access, schema: { params: sessionParams } }, async (request) => {
    await sessions.command(request.tenant.companyId, request.params.whatsappId, 'restart');
    return { message: 'Starting session.' };
  });

  app.put('/whatsappsession/:whatsappId', { config: access, schema: { params: sessionParams } }, async (request) => {
    await sessions.command(request.tenant.companyId, request.params.whatsappId, 'newQr');
    return { message: 'Starting session.' };
  });

  app.delete('/whatsappsession/:whatsappId', { config: access, schema: { params: sessionParams } }, async (request) => {
    await sessions.command(request.tenant.companyId, request.params.whatsappId, 'logout');
    return { message: 'Session disconnected.' };
  });

  // 02-operations §4 Message import: the close-imported-tickets button
  app.post('/closedimported/:whatsappId', { config: access, schema: { params: sessionParams } }, async (request) => ({
    closed: await sessions.closeImported(request.tenant.companyId, request.params.whatsappId),
  }));

  app.post('/whatsapp-restart/', { config: access }, async (request) => {
    await sessions.restartAll(request.tenant.companyId);
    return { message: 'Whatsapp restart.' };
  });
};
