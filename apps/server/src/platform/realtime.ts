// Socket.IO: authenticates the handshake with the access token, joins the rooms the token allows
// (company, user, session) and turns domain events into the spec's `company-{id}-{event}` emits.
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { companyChannel, PUBLIC_NAMESPACE, type ClientToServerEvents } from '@atende/shared/events';
import { can } from '@atende/shared/permissions';
import type { VisibleTicket } from '@atende/shared/ticket-visibility';
import type { Db } from '../db/client.ts';
import { authenticateToken, loadActor, type TenantActor, type TenantContext } from './access.ts';
import { AppError } from './errors.ts';
import { eventPermissions, type DomainEvent, type EventBus, type EventPermission } from './events.ts';
import { joinBroadcastFrames } from './realtime-frames.ts';
import { ticketAudienceRooms, viewerRooms } from './ticket-rooms.ts';
import type { TokenService } from './tokens.ts';

export const rooms = {
  company: (companyId: number) => `company:${companyId}`,
  user: (userId: number) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  notification: (companyId: number) => `company:${companyId}:notification`,
  ticketsStatus: (companyId: number, status: string) => `company:${companyId}:tickets:${status}`,
  ticket: (companyId: number, ticketId: number) => `company:${companyId}:ticket:${ticketId}`,
  permission: (companyId: number, permission: EventPermission) => `company:${companyId}:can:${permission}`,
};

// What the actor may see: ticket rooms (01-core §6) and the rooms of the permissions events
// depend on. Recomputed when the user changes.
const actorRooms = (companyId: number, actor: TenantActor) => [
  ...viewerRooms(companyId, actor),
  ...eventPermissions.filter((permission) => can(actor, permission)).map((permission) => rooms.permission(companyId, permission)),
];

type SocketData = { tenant: TenantContext };
// What the processes of one deployment ask each other through the Redis adapter.
type ServerSideEvents = { refreshViewers: (companyId: number, userId: number, done: (refreshed: true) => void) => void };
export type AppSocket = Socket<ClientToServerEvents, Record<string, (payload: unknown) => void>, ServerSideEvents, SocketData>;

export type RealtimeHooks = {
  onUserStatus: (tenant: TenantContext, online: boolean) => Promise<void>;
  canJoinTicket: (tenant: TenantContext, ticketId: number) => Promise<boolean>;
};

// The web sends the token in `auth.token`; the product family's clients put it in the query
// (`?token=`), some with a 'Bearer ' prefix.
const handshakeToken = (handshake: Socket['handshake']) => {
  const given = [handshake.auth?.token, handshake.query.token].find((value): value is string => typeof value === 'string' && value !== '');
  return given?.replace(/^Bearer\s+/i, '').trim() || undefined;
};

const ticketStatuses = new Set(['open', 'pending', 'closed', 'group', 'lgpd', 'nps']);

export const createRealtime = async (deps: {
  // unset in a worker process (PROCESS_ROLE=worker): it holds no sockets, and its emits reach the
  // web processes' sockets through the Redis adapter
  httpServer?: HttpServer;
  db: Db;
  tokens: TokenService;
  bus: EventBus;
  redisUrl?: string;
  redisStreamName: string;
  hooks: RealtimeHooks;
}) => {
  const io = new Server<ClientToServerEvents, Record<string, (payload: unknown) => void>, ServerSideEvents, SocketData>(
    deps.httpServer,
    { connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000 }, serveClient: false },
  );
  let redis: ReturnType<typeof createClient> | undefined;
  if (deps.redisUrl) {
    redis = createClient({ url: deps.redisUrl });
    await redis.connect();
    io.adapter(createAdapter(redis, { streamName: deps.redisStreamName }));
  }
  joinBroadcastFrames(io);

  let closing = false;

  // One user's status changes run one after another: an "online" ping still writing when the
  // last socket closes would otherwise land after the "offline" and leave the user online.
  const statusChanges = new Map<number, Promise<void>>();
  const queueStatusChange = (userId: number, change: () => Promise<void>) => {
    const next = (statusChanges.get(userId) ?? Promise.resolve()).then(change).catch(() => undefined);
    statusChanges.set(userId, next);
    void next.then(() => {
      if (statusChanges.get(userId) === next) statusChanges.delete(userId);
    });
  };

  io.use(async (socket, next) => {
    try {
      socket.data.tenant = await authenticateToken(deps.db, deps.tokens, handshakeToken(socket.handshake));
      next();
    } catch (error) {
      // the message is the error code the HTTP calls answer: ERR_SESSION_EXPIRED tells a client
      // to refresh its token and connect again
      next(new Error(error instanceof AppError ? error.code : 'ERR_SESSION_EXPIRED'));
    }
  });

  io.on('connection', (socket: AppSocket) => {
    const { companyId, userId, sessionId } = socket.data.tenant;
    void socket.join([rooms.company(companyId), rooms.user(userId), rooms.session(sessionId), ...actorRooms(companyId, socket.data.tenant.actor)]);

    socket.on('joinNotification', () => void socket.join(rooms.notification(companyId)));
    socket.on('leaveNotification', () => void socket.leave(rooms.notification(companyId)));
    socket.on('joinTickets', (status) => {
      if (ticketStatuses.has(status)) void socket.join(rooms.ticketsStatus(companyId, status));
    });
    socket.on('leaveTickets', (status) => {
      if (ticketStatuses.has(status)) void socket.leave(rooms.ticketsStatus(companyId, status));
    });
    socket.on('joinChatBox', async (ticketId) => {
      const id = Number(ticketId);
      if (Number.isInteger(id) && id > 0 && (await deps.hooks.canJoinTicket(socket.data.tenant, id).catch(() => false))) {
        void socket.join(rooms.ticket(companyId, id));
      }
    });
    socket.on('joinChatBoxLeave', (ticketId) => {
      const id = Number(ticketId);
      if (Number.isInteger(id)) void socket.leave(rooms.ticket(companyId, id));
    });
    socket.on('userStatus', () =>
      queueStatusChange(userId, async () => {
        // a ping that waited behind this socket's own disconnect must not bring the user back online
        if (socket.connected) await deps.hooks.onUserStatus(socket.data.tenant, true);
      }),
    );
    socket.on('disconnect', () => {
      // a server shutting down drops every socket; its users have not gone offline
      if (closing) return;
      queueStatusChange(userId, async () => {
        // a change that waited past the start of a shutdown would ask a closed Redis client
        if (closing) return;
        // with the Redis adapter this asks the other processes; a failure leaves the status as it was
        const remaining = await io
          .in(rooms.user(userId))
          .fetchSockets()
          .catch(() => undefined);
        if (remaining?.length === 0) await deps.hooks.onUserStatus(socket.data.tenant, false);
      });
    });
  });

  // Ticket events go only to sockets whose user may see the ticket (01-core §6): its owner and
  // the rooms that admit it (platform/ticket-rooms.ts).
  const emitToTicketViewers = (companyId: number, ticket: VisibleTicket, channel: string, payload: unknown) => {
    const targets = ticketAudienceRooms(companyId, ticket);
    if (ticket.userId !== null) targets.push(rooms.user(ticket.userId));
    io.to(targets).emit(channel, payload);
  };

  // A user's changed queues or flags take effect on its open sockets at once.
  const refreshViewers = async (companyId: number, userId: number) => {
    const sockets = await io.in(rooms.user(userId)).local.fetchSockets();
    if (sockets.length === 0) return;
    const actor = await loadActor(deps.db, userId, companyId);
    for (const socket of sockets) {
      if (!actor) {
        socket.disconnect(true);
        continue;
      }
      for (const room of actorRooms(companyId, socket.data.tenant.actor)) void socket.leave(room);
      socket.data.tenant = { ...socket.data.tenant, actor };
      void socket.join(actorRooms(companyId, actor));
    }
  };

  // The user's sockets on the other processes of the deployment too: each refreshes its own and
  // answers (a process that does not answer in time is passed over, as one that died is).
  if (redis) {
    io.on('refreshViewers', (companyId, userId, done) => {
      void refreshViewers(companyId, userId)
        .catch(() => undefined)
        .then(() => done(true));
    });
  }
  const refreshViewersEverywhere = async (companyId: number, userId: number) => {
    const elsewhere = redis ? io.serverSideEmitWithAck('refreshViewers', companyId, userId).catch(() => undefined) : undefined;
    await Promise.all([refreshViewers(companyId, userId).catch(() => undefined), elsewhere]);
  };

  const deliver = ({ companyId, event, payload, audience }: DomainEvent) => {
    const channel = companyChannel(companyId, event);
    if (audience && 'ticket' in audience) {
      emitToTicketViewers(companyId, audience.ticket, channel, payload);
      return;
    }
    if (audience && 'permission' in audience) {
      const allowed = rooms.permission(companyId, audience.permission);
      io.to(allowed).emit(channel, payload);
      io.to(rooms.company(companyId)).except(allowed).emit(channel, audience.othersGet);
      return;
    }
    if (audience && 'userIds' in audience) {
      // the user rooms a socket joined from its token: a member's every socket, nobody else's
      if (audience.userIds.length > 0) io.to(audience.userIds.map(rooms.user)).emit(channel, payload);
      return;
    }
    if (audience && 'everyone' in audience) {
      // every socket of every company, on every process through the adapter
      io.emit(channel, payload);
      return;
    }
    io.to(audience ? rooms.user(audience.userId) : rooms.company(companyId)).emit(channel, payload);
  };

  // A user's change is announced once that user's sockets, on every process, are in the rooms of
  // its new queues and flags, so a client told of its new queues already gets their tickets'
  // events; a deleted user's sockets are dropped (refreshViewers finds no actor). User events go
  // out in the order they were published: one chain for all of them.
  let userEvents = Promise.resolve();
  const unsubscribe = deps.bus.subscribe((domainEvent) => {
    const { companyId, event, payload } = domainEvent;
    const changedUserId = event !== 'user' ? undefined : 'user' in payload ? payload.user.id : 'userId' in payload ? payload.userId : undefined;
    if (changedUserId === undefined) {
      deliver(domainEvent);
      return;
    }
    userEvents = userEvents
      .then(() => refreshViewersEverywhere(companyId, changedUserId))
      .then(() => deliver(domainEvent))
      .catch(() => undefined);
  });

  // The public namespace has no handshake check and listens to nothing its sockets send: it only
  // carries platform-wide events (PublicEvents) to everyone, the login page included.
  const publicSpace = io.of(PUBLIC_NAMESPACE);
  const stopPublicEvents = deps.bus.subscribePublic(({ event, payload }) => publicSpace.emit(event, payload));

  // through the adapter, so the sign-in's sockets on every process go
  const stopEndingSessions = deps.bus.onSessionEnd((sessionId) => io.in(rooms.session(sessionId)).disconnectSockets(true));

  return {
    io,
    // shutting down: drop this process's sockets (only these: through the Redis adapter
    // disconnectSockets would drop every process's) without marking their users offline. Their
    // transport is closed rather than a disconnect sent, which a client takes as final: they
    // reconnect by themselves, through the balancer to another process, and recover what they
    // missed from the session this closing keeps.
    dropSockets: () => {
      closing = true;
      for (const namespace of ['/', PUBLIC_NAMESPACE]) for (const socket of io.of(namespace).sockets.values()) socket.conn.close();
    },
    close: async () => {
      closing = true;
      unsubscribe();
      stopPublicEvents();
      stopEndingSessions();
      // a status change already asking the other processes, and a user's change still refreshing
      // its sockets, finish before the Redis client goes
      await Promise.allSettled([...statusChanges.values(), userEvents]);
      await io.close();
      // an emit made just before closing reaches the adapter's publish a few microtasks later;
      // let it go out before the client closes, or it rejects with nobody to catch it
      await new Promise((resolve) => setImmediate(resolve));
      await redis?.quit();
    },
  };
};
