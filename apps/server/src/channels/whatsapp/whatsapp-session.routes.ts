// 02-operations §7 Connections, session actions of the §4 status table, registered from
// whatsappSessionEndpoints. Admins, or users with allowConnections.
import { whatsappSessionEndpoints as endpoints } from '@atende/shared/whatsapp-sessions';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { WhatsappSessionService } from './whatsapp-session.service.ts';

const access = { access: 'tenant', permission: 'connections-page:actionButtons' } as const;

export const whatsappSessionRoutes = (sessions: WhatsappSessionService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, endpoints.tryAgain, access, async ({ params }, request) => {
    await sessions.command(request.tenant.companyId, params.whatsappId, 'restart');
    return { message: 'Starting session.' };
  });
  endpointRoute(app, endpoints.newQr, access, async ({ params }, request) => {
    await sessions.command(request.tenant.companyId, params.whatsappId, 'newQr');
    return { message: 'Starting session.' };
  });
  endpointRoute(app, endpoints.disconnect, access, async ({ params }, request) => {
    await sessions.command(request.tenant.companyId, params.whatsappId, 'logout');
    return { message: 'Session disconnected.' };
  });
  // 02-operations §4 Message import: the close-imported-tickets button
  endpointRoute(app, endpoints.closeImported, access, async ({ params }, request) => ({
    closed: await sessions.closeImported(request.tenant.companyId, params.whatsappId),
  }));
  endpointRoute(app, endpoints.restartAll, access, async (_input, request) => {
    await sessions.restartAll(request.tenant.companyId);
    return { message: 'Whatsapp restart.' };
  });
};
