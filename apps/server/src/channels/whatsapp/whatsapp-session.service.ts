// The session actions of the connections page (whatsapp-session.routes.ts) on a company's own
// WhatsApp connections; another company's connection is not found.
import type { Db } from '../../db/client.ts';
import { findConnectionOfChannel, listConnections } from '../../modules/connections/connections.repo.ts';
import { notFound } from '../../platform/errors.ts';
import type { SessionManager } from './session-manager.ts';
import type { SessionCommand } from './session-lease.repo.ts';

export const createWhatsappSessionService = (deps: {
  db: Db;
  sessions: SessionManager;
  closeImported: (companyId: number, connectionId: number) => Promise<number>;
}) => {
  const whatsappConnection = async (companyId: number, connectionId: number) => {
    const connection = await findConnectionOfChannel(deps.db, companyId, connectionId, 'whatsapp');
    if (!connection) throw notFound('ERR_NO_WAPP_FOUND');
    return connection;
  };

  return {
    command: async (companyId: number, connectionId: number, command: SessionCommand) => {
      const connection = await whatsappConnection(companyId, connectionId);
      await deps.sessions.command(connection.companyId, connection.id, command);
    },
    closeImported: async (companyId: number, connectionId: number) => {
      const connection = await whatsappConnection(companyId, connectionId);
      return deps.closeImported(connection.companyId, connection.id);
    },
    restartAll: async (companyId: number) => {
      for (const connection of await listConnections(deps.db, companyId, 'whatsapp')) {
        await deps.sessions.command(connection.companyId, connection.id, 'restart');
      }
    },
  };
};

export type WhatsappSessionService = ReturnType<typeof createWhatsappSessionService>;
