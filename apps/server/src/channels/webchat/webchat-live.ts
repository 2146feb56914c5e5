// The visitor's live line: a Socket.IO namespace of its own beside the attendants' one, so the
// visitor rides the same server, the same Redis adapter (a reply sent by a worker reaches the
// visitor's socket on any web process) and the same reconnection as the web app, which
// server-sent events would have needed a fan-out of their own for. The handshake carries
// { publicId, visitorToken }; its Origin must be one the connection allows. A visitor's sockets
// share a room per connection and visitor number; the provider emits the company's messages to the
// rooms of every visitor writing as the ticket's contact. Typing goes both ways: the visitor's to
// the attendants who have the contact's live ticket open, the attendants' to the visitors; and
// what the open widget shows is marked read. From the domain events: an attendant reading the
// ticket shows "Seen" in the widget, a ticket leaving its rating takes the rating buttons away, and
// a connection's new allowed origins drop the sockets of the websites no longer on the list.
import type { Namespace, Server } from 'socket.io';
import type { CompanyEvents } from '@atende/shared/events';
import {
  WEBCHAT_NAMESPACE,
  WEBCHAT_RATING_OVER_EVENT,
  WEBCHAT_READ_EVENT,
  WEBCHAT_SEEN_EVENT,
  WEBCHAT_TYPING_EVENT,
  WEBCHAT_TYPING_EVERY_MS,
  webchatTypingChannel,
  type WebchatMessage,
} from '@atende/shared/webchat';
import type { Db } from '../../db/client.ts';
import type { InboundPipeline } from '../inbound-pipeline.ts';
import { readConnectionByExternalId, readConnectionOfChannel } from '../../modules/connections/connections.repo.ts';
import { findLiveTicket, findTicket } from '../../modules/tickets/tickets.repo.ts';
import type { EventBus } from '../../platform/events.ts';
import { rooms } from '../../platform/realtime.ts';
import { isAllowedOrigin } from './webchat-config.ts';
import { isVisitorTokenShape, visitorNumberOf } from './visitor-token.ts';
import { findVisitor, lastReadInboundId } from './webchat.repo.ts';

const visitorRoom = (connectionId: number, number: string) => `webchat:${connectionId}:${number}`;
// every visitor writing as a contact on a connection, and every visitor of a connection
const contactRoom = (connectionId: number, contactId: number) => `webchat:${connectionId}:contact:${contactId}`;
const connectionRoom = (connectionId: number) => `webchat:${connectionId}`;

type VisitorSocketData = { companyId: number; connectionId: number; contactId: number; contactNumber: string; typedAt: number; readAt: number };

// a read receipt, as the other channels' read receipts set it (the attendants' double blue ticks)
const READ = 3;

// The domain events the widget follows. Each runs in the process that published the event and
// reaches the visitors' sockets on any process through the adapter.
const followTicket = async (namespace: Namespace, db: Db, companyId: number, payload: CompanyEvents['ticket']) => {
  if (payload.action === 'updateUnread') {
    const ticket = await findTicket(db, companyId, payload.ticketId);
    if (ticket?.channel !== 'webchat' || ticket.whatsappId === null) return;
    const id = await lastReadInboundId(db, companyId, ticket.id);
    if (id !== null) namespace.to(contactRoom(ticket.whatsappId, ticket.contactId)).emit(WEBCHAT_SEEN_EVENT, { id });
  } else if (payload.action === 'update') {
    const { ticket } = payload;
    if (ticket.channel === 'webchat' && ticket.whatsappId !== null && ticket.status !== 'nps') {
      namespace.to(contactRoom(ticket.whatsappId, ticket.contactId)).emit(WEBCHAT_RATING_OVER_EVENT);
    }
  }
};

const followConnection = async (namespace: Namespace, db: Db, companyId: number, payload: CompanyEvents['whatsapp']) => {
  if (payload.action === 'delete') return void namespace.in(connectionRoom(payload.whatsappId)).disconnectSockets(true);
  if (payload.whatsapp.channel !== 'webchat') return;
  const connection = await readConnectionOfChannel(db, companyId, payload.whatsapp.id, 'webchat');
  for (const socket of await namespace.in(connectionRoom(payload.whatsapp.id)).fetchSockets()) {
    if (!connection || !isAllowedOrigin(connection, socket.handshake.headers.origin)) socket.disconnect(true);
  }
};

export const createWebchatLive = (io: Server, deps: { db: Db; bus: EventBus; pipeline: Pick<InboundPipeline, 'acknowledgeUntil'>; now?: () => number }) => {
  const now = deps.now ?? Date.now;
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
      socket.data = {
        companyId: connection.companyId,
        connectionId: connection.id,
        contactId: visitor.contact.id,
        contactNumber: visitor.contact.number,
        typedAt: 0,
        readAt: 0,
      } satisfies VisitorSocketData;
      await socket.join([visitorRoom(connection.id, number), contactRoom(connection.id, visitor.contact.id), connectionRoom(connection.id)]);
      next();
    } catch {
      next(new Error('ERR_INTERNAL'));
    }
  });

  // A visitor typing: at most one notice per socket every WEBCHAT_TYPING_EVERY_MS (the rest are
  // dropped, not queued), to the room of the contact's live ticket on this connection.
  namespace.on('connection', (socket) => {
    // The widget, open and visible, read the company's messages until a moment (never later than
    // now): they are marked read, as Messenger's read watermark marks them. One a second per socket.
    socket.on(WEBCHAT_READ_EVENT, (payload: unknown) => {
      const data = socket.data as VisitorSocketData;
      const asked = new Date(String((payload as { until?: unknown } | null)?.until));
      if (Number.isNaN(asked.getTime()) || now() - data.readAt < 1000) return;
      data.readAt = now();
      const until = new Date(Math.min(asked.getTime(), now()));
      void deps.pipeline
        .acknowledgeUntil({ companyId: data.companyId, connectionId: data.connectionId, contactNumber: data.contactNumber, until, ack: READ })
        .catch(() => undefined);
    });
    socket.on(WEBCHAT_TYPING_EVENT, () => {
      const data = socket.data as VisitorSocketData;
      if (now() - data.typedAt < WEBCHAT_TYPING_EVERY_MS) return;
      data.typedAt = now();
      void findLiveTicket(deps.db, data.companyId, data.contactId, data.connectionId).then(
        (ticket) => ticket && io.to(rooms.ticket(data.companyId, ticket.id)).emit(webchatTypingChannel(data.companyId), { ticketId: ticket.id }),
        () => undefined,
      );
    });
  });

  const stopFollowing = deps.bus.subscribe(({ companyId, event, payload }) => {
    const followed =
      event === 'ticket'
        ? followTicket(namespace, deps.db, companyId, payload as CompanyEvents['ticket'])
        : event === 'whatsapp'
          ? followConnection(namespace, deps.db, companyId, payload as CompanyEvents['whatsapp'])
          : undefined;
    void followed?.catch(() => undefined);
  });

  return {
    stop: stopFollowing,
    // how many of the visitors' sockets got it, on every process
    tell: async (connectionId: number, numbers: string[], event: string, payload: WebchatMessage | { id: number } | { name: string }) => {
      if (numbers.length === 0) return 0;
      const room = namespace.to(numbers.map((number) => visitorRoom(connectionId, number)));
      room.emit(event, payload);
      return (await room.fetchSockets().catch(() => [])).length;
    },
  };
};

export type WebchatLive = ReturnType<typeof createWebchatLive>;
