// 02-operations §7 Connections, session actions of the §4 status table: try again
// (POST /whatsappsession/{id}), new QR (PUT), disconnect (DELETE), restart every WhatsApp session
// of the company (POST /whatsapp-restart/), and close the imported tickets
// (POST /closedimported/{id}). Admins, or users with allowConnections.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@atende/shared/validation';
import type { Db } from '../../db/client.ts';
import { findConnectionOfChannel, listConnections } from '../../modules/connections/connections.repo.ts';
import { notFound } from '../../platform/errors.ts';
import type { SessionManager } from './session-manager.ts';

const sessionParams = z.strictObject({ whatsappId: idParam });
const access = { access: 'tenant', permission: 'connections-page:actionButtons' } as const;

export const whatsappSessionRoutes = (deps: {
  db: Db;
  sessions: SessionManager;
  closeImported: (companyId: number, connectionId: number) => Promise<number>;
}): FastifyPluginAsyncZod => async (app) => {
  const whatsappConnection = async (companyId: number, connectionId: number) => {
    const connection = await findConnectionOfChannel(deps.db, companyId, connectionId, 'whatsapp');
    if (!connection) throw notFound('ERR_NO_WAPP_FOUND');
    return connection;
  };

  app.post('/whatsappsession/:whatsappId', { config: access, schema: { params: sessionParams } }, async (request) => {
    const connection = await whatsappConnection(request.tenant.companyId, request.params.whatsappId);
    await deps.sessions.command(connection.companyId, connection.id, 'restart');
    return { message: 'Starting session.' };
  });

  app.put('/whatsappsession/:whatsappId', { config: access, schema: { params: sessionParams } }, async (request) => {
    const connection = await whatsappConnection(request.tenant.companyId, request.params.whatsappId);
    await deps.sessions.command(connection.companyId, connection.id, 'newQr');
    return { message: 'Starting session.' };
  });

  app.delete('/whatsappsession/:whatsappId', { config: access, schema: { params: sessionParams } }, async (request) => {
    const connection = await whatsappConnection(request.tenant.companyId, request.params.whatsappId);
    await deps.sessions.command(connection.companyId, connection.id, 'logout');
    return { message: 'Session disconnected.' };
  });

  // 02-operations §4 Message import: the close-imported-tickets button
  app.post('/closedimported/:whatsappId', { config: access, schema: { params: sessionParams } }, async (request) => {
    const connection = await whatsappConnection(request.tenant.companyId, request.params.whatsappId);
    return { closed: await deps.closeImported(connection.companyId, connection.id) };
  });

  app.post('/whatsapp-restart/', { config: access }, async (request) => {
    for (const connection of await listConnections(deps.db, request.tenant.companyId, 'whatsapp')) {
      await deps.sessions.command(connection.companyId, connection.id, 'restart');
    }
    return { message: 'Whatsapp restart.' };
  });
};
