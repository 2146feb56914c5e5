// The sandbox routes' reads: a company's own sandbox connection, and what was sent through it.
import type { Db } from '../../db/client.ts';
import { readConnectionOfChannel } from '../../modules/connections/connections.repo.ts';
import { listSentThrough } from '../../modules/messages/messages.repo.ts';
import { notFound } from '../../platform/errors.ts';

const OUTBOX_SIZE = 200;

export const createSandboxService = (deps: { db: Db }) => {
  const connection = async (companyId: number, connectionId: number) => {
    const found = await readConnectionOfChannel(deps.db, companyId, connectionId, 'sandbox');
    if (!found) throw notFound('ERR_NO_WAPP_FOUND');
    return found;
  };

  return {
    connection,
    // newest first
    outbox: async (companyId: number, connectionId: number) => {
      const found = await connection(companyId, connectionId);
      const sent = await listSentThrough(deps.db, found.companyId, found.id, OUTBOX_SIZE);
      return sent.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() }));
    },
  };
};

export type SandboxService = ReturnType<typeof createSandboxService>;
