// The visitor's live line: a Socket.IO namespace of its own beside the attendants' one, so the
// visitor rides the same server, the same Redis adapter (a reply sent by a worker reaches the
// visitor's socket on any web process) and the same reconnection as the web app, which
// server-sent events would have needed a fan-out of their own for. The handshake carries
// { publicId, visitorToken }; its Origin must be one the connection allows. A visitor's sockets
// share a room per connection and visitor number; the provider emits the company's messages to the
// rooms of every visitor writing as the ticket's contact.
import type { Server } from 'socket.io';
import { WEBCHAT_NAMESPACE, type WebchatMessage } from '@atende/shared/webchat';
import type { Db } from '../../db/client.ts';
import { readConnectionByExternalId } from '../../modules/connections/connections.repo.ts';
import { isAllowedOrigin } from './webchat-config.ts';
import { isVisitorTokenShape, visitorNumberOf } from './visitor-token.ts';
import { findVisitor } from './webchat.repo.ts';

const visitorRoom = (connectionId: number, number: string) => `webchat:${connectionId}:${number}`;

export const createWebchatLive = (io: Server, deps: { db: Db }) => {
  const namespace = io.of(WEBCHAT_NAMESPACE);
  namespace.use(async (socket, next) => {
    const { publicId, visitorToken } = socket.handshake.auth as { publicId?: unknown; visitorToken?: unknown };
    try {
      const connection = typeof publicId === 'string' ? await readConnectionByExternalId(deps.db, 'webchat', publicId) : undefined;
      if (!connection) return next(new Error('ERR_NO_WAPP_FOUND'));
      if (!isAllowedOrigin(connection, socket.handshake.headers.origin)) return next(new Error('ERR_NO_PERMISSION'));
      const number = isVisitorTokenShape(visitorToken) ? visitorNumberOf(visitorToken) : undefined;
      const visitor = number && (await findVisitor(deps.db, connection.companyId, connection.id, number));
      if (!number || !visitor) return next(new Error('ERR_SESSION_EXPIRED'));
      await socket.join(visitorRoom(connection.id, number));
      next();
    } catch {
      next(new Error('ERR_INTERNAL'));
    }
  });

  return {
    // how many of the visitors' sockets got it, on every process
    tell: async (connectionId: number, numbers: string[], event: string, payload: WebchatMessage | { id: number }) => {
      if (numbers.length === 0) return 0;
      const room = namespace.to(numbers.map((number) => visitorRoom(connectionId, number)));
      room.emit(event, payload);
      return (await room.fetchSockets().catch(() => [])).length;
    },
  };
};

export type WebchatLive = ReturnType<typeof createWebchatLive>;
