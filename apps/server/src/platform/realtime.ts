// Socket.IO: authenticates the handshake with the access token, joins the rooms the token allows
// (company, user, session) and turns domain events into the spec's `company-{id}-{event}` emits.
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { companyChannel, type ClientToServerEvents } from '@atende/shared/events';
import type { Db } from '../db/client.ts';
import { authenticateToken, type TenantContext } from './access.ts';
import { AppError } from './errors.ts';
import type { EventBus } from './events.ts';
import type { TokenService } from './tokens.ts';

export const rooms = {
  company: (companyId: number) => `company:${companyId}`,
  user: (userId: number) => `user:${userId}`,
  notification: (companyId: number) => `company:${companyId}:notification`,
  ticketsStatus: (companyId: number, status: string) => `company:${companyId}:tickets:${status}`,
};

type SocketData = { tenant: TenantContext };
export type AppSocket = Socket<ClientToServerEvents, Record<string, (payload: unknown) => void>, Record<string, never>, SocketData>;

export type RealtimeHooks = {
  onUserStatus: (tenant: TenantContext, online: boolean) => Promise<void>;
};

const ticketStatuses = new Set(['open', 'pending', 'closed', 'group', 'lgpd', 'nps']);

export const createRealtime = async (deps: {
  httpServer: HttpServer;
  db: Db;
  tokens: TokenService;
  bus: EventBus;
  redisUrl?: string;
  hooks: RealtimeHooks;
}) => {
  const io = new Server<ClientToServerEvents, Record<string, (payload: unknown) => void>, Record<string, never>, SocketData>(
    deps.httpServer,
    { connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000 }, serveClient: false },
  );
  let redis: ReturnType<typeof createClient> | undefined;
  if (deps.redisUrl) {
    redis = createClient({ url: deps.redisUrl });
    await redis.connect();
    io.adapter(createAdapter(redis));
  }

  io.use(async (socket, next) => {
    try {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
      socket.data.tenant = await authenticateToken(deps.db, deps.tokens, token);
      next();
    } catch (error) {
      next(new Error(error instanceof AppError ? error.code : 'ERR_SESSION_EXPIRED'));
    }
  });

  io.on('connection', (socket: AppSocket) => {
    const { companyId, userId } = socket.data.tenant;
    void socket.join([rooms.company(companyId), rooms.user(userId)]);

    socket.on('joinNotification', () => void socket.join(rooms.notification(companyId)));
    socket.on('leaveNotification', () => void socket.leave(rooms.notification(companyId)));
    socket.on('joinTickets', (status) => {
      if (ticketStatuses.has(status)) void socket.join(rooms.ticketsStatus(companyId, status));
    });
    socket.on('leaveTickets', (status) => {
      if (ticketStatuses.has(status)) void socket.leave(rooms.ticketsStatus(companyId, status));
    });
    socket.on('userStatus', () => void deps.hooks.onUserStatus(socket.data.tenant, true).catch(() => undefined));
    socket.on('disconnect', async () => {
      const remaining = await io.in(rooms.user(userId)).fetchSockets();
      if (remaining.length === 0) await deps.hooks.onUserStatus(socket.data.tenant, false).catch(() => undefined);
    });
  });

  const unsubscribe = deps.bus.subscribe(({ companyId, event, payload, audience }) => {
    const room = audience ? rooms.user(audience.userId) : rooms.company(companyId);
    io.to(room).emit(companyChannel(companyId, event), payload);
  });

  return {
    io,
    close: async () => {
      unsubscribe();
      await io.close();
      await redis?.quit();
    },
  };
};
