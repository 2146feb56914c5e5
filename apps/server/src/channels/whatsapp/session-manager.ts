// Runs the Baileys sockets this process owns: one per WhatsApp connection, each behind a lease
// (session-lease.repo.ts) so that exactly one process holds a session. Follows connection.update into the
// 02-operations §4 statuses, reconnects with backoff after a drop, removes the credentials on a
// logout, and takes over sessions whose owner stopped renewing its lease. A socket's failures stay
// with its session: every error its WebSocket emits has a listener (keepErrorListener), and a new
// session that never reaches WhatsApp ends DISCONNECTED instead of retrying for ever.
import { randomUUID } from 'node:crypto';
import { DisconnectReason, type ConnectionState } from '@whiskeysockets/baileys';
import type { FastifyBaseLogger } from 'fastify';
import type { CompanyEvents } from '@atende/shared/events';
import type { Db } from '../../db/client.ts';
import { findConnection } from '../../modules/connections/connections.repo.ts';
import { findByProviderId } from '../../modules/messages/messages.repo.ts';
import type { EventBus } from '../../platform/events.ts';
import { loadAuthState } from './auth-state.ts';
import { removeAuthState } from './auth-state.repo.ts';
import type { StatusWriter } from './connection-status.ts';
import { userOfJid } from './jid.ts';
import { acquireLease, connectionsWithoutLiveLease, releaseLease, renewLease, sendCommandToOwner, type SessionCommand } from './session-lease.repo.ts';
import { keepErrorListener, type SocketFactory, type WhatsappEvents, type WhatsappSocket } from './socket.ts';

export type SessionContext = { companyId: number; connectionId: number; socket: WhatsappSocket };

// What the channel does with a live socket's events besides its connection state.
export type SessionHandlers = {
  [E in keyof WhatsappEvents]?: (context: SessionContext, payload: WhatsappEvents[E]) => Promise<void>;
};

// unreachedAttempts: how many sockets in a row a session without credentials may open without
// reaching WhatsApp (no QR code) before it stops as DISCONNECTED, where the connections screen
// offers try again. A session with credentials keeps retrying: its number is linked, and it comes
// back by itself when the network does; past as many attempts its status carries the reason.
export type SessionTimings = { leaseSeconds: number; reconnectBaseMs: number; reconnectMaxMs: number; unreachedAttempts: number };

export const defaultSessionTimings: SessionTimings = { leaseSeconds: 20, reconnectBaseMs: 1000, reconnectMaxMs: 60_000, unreachedAttempts: 5 };

type Session = {
  companyId: number;
  connectionId: number;
  socket?: WhatsappSocket;
  connected: boolean;
  // the current socket showed a QR code (a timeout then means nobody scanned it)
  qrShown: boolean;
  // events of a socket that was replaced are ignored
  generation: number;
  attempts: number;
  reconnectTimer?: NodeJS.Timeout;
  // events are handled one after another, in the order the socket emitted them
  queue: Promise<void>;
};

// Sessions in these states wait for a user's action (try again, new QR) instead of starting alone.
const idleStatuses = ['DISCONNECTED', 'TIMEOUT'];

export const createSessionManager = (deps: {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  socketFactory: SocketFactory;
  writeStatus: StatusWriter['write'];
  handlers: SessionHandlers;
  timings: SessionTimings;
  // A process that runs no sessions (PROCESS_ROLE=web): a session to start is handed to the
  // processes that run them (a job, whatsapp.channel.ts); commands for a live session still go
  // through its lease row, as from any process.
  startElsewhere?: (companyId: number, connectionId: number) => Promise<void>;
}) => {
  const owner = randomUUID();
  const sessions = new Map<number, Session>();
  let renewTimer: NodeJS.Timeout | undefined;
  let running = false;

  const closeSocket = (session: Session) => {
    clearTimeout(session.reconnectTimer);
    session.generation++;
    session.connected = false;
    const socket = session.socket;
    session.socket = undefined;
    try {
      socket?.end(undefined);
    } catch (error) {
      deps.log.debug({ err: error, connectionId: session.connectionId }, 'whatsapp socket end failed');
    }
  };

  const forget = async (session: Session) => {
    closeSocket(session);
    sessions.delete(session.connectionId);
    await releaseLease(deps.db, { companyId: session.companyId, connectionId: session.connectionId, owner });
  };

  // A command (restart, new QR, disconnect, delete) replaced or ended this session while it was
  // starting: what the starting code would still write is out of date.
  const superseded = (session: Session) => sessions.get(session.connectionId) !== session;

  const scheduleReconnect = (session: Session, delayMs: number) => {
    clearTimeout(session.reconnectTimer);
    session.reconnectTimer = setTimeout(() => {
      if (!superseded(session)) void openSocket(session).catch((error: unknown) => reconnectAfterFailure(session, error));
    }, delayMs);
  };

  const backoff = (session: Session) => {
    session.attempts++;
    return Math.min(deps.timings.reconnectBaseMs * 2 ** (session.attempts - 1), deps.timings.reconnectMaxMs);
  };

  const reconnectAfterFailure = (session: Session, error: unknown) => {
    if (superseded(session)) {
      deps.log.debug({ err: error, connectionId: session.connectionId }, 'whatsapp session replaced while it failed to open');
      return;
    }
    deps.log.warn({ err: error, connectionId: session.connectionId }, 'whatsapp session failed to open; retrying');
    scheduleReconnect(session, backoff(session));
  };

  const onConnectionUpdate = async (session: Session, update: Partial<ConnectionState>, registered: () => boolean) => {
    const { companyId, connectionId } = session;
    if (update.qr) {
      session.qrShown = true;
      // WhatsApp answered: failures counted before this one are not about reaching it
      session.attempts = 0;
      await deps.writeStatus(companyId, connectionId, { status: 'qrcode', qrcode: update.qr });
    }
    if (update.isNewLogin) await deps.writeStatus(companyId, connectionId, { status: 'PAIRING' });
    if (update.connection === 'open') {
      session.attempts = 0;
      session.connected = true;
      const number = session.socket?.user?.id ? userOfJid(session.socket.user.id) : undefined;
      await deps.writeStatus(companyId, connectionId, { status: 'CONNECTED', number });
      return;
    }
    if (update.connection !== 'close') return;
    session.connected = false;
    const code = (update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;
    deps.log.info({ connectionId, code }, 'whatsapp connection closed');
    if (code === DisconnectReason.loggedOut) {
      await forget(session);
      await removeAuthState(deps.db, companyId, connectionId);
      await deps.writeStatus(companyId, connectionId, { status: 'DISCONNECTED', reason: { kind: 'loggedOut', code } });
      return;
    }
    if (code === DisconnectReason.connectionReplaced) {
      // the number was opened elsewhere with these credentials; reconnecting would fight it
      await forget(session);
      await deps.writeStatus(companyId, connectionId, { status: 'DISCONNECTED', reason: { kind: 'replaced', code } });
      return;
    }
    if (code === DisconnectReason.timedOut && session.qrShown && !registered()) {
      // nobody scanned the QR codes in time (a socket that never reached WhatsApp times out too,
      // and is retried below)
      await forget(session);
      await deps.writeStatus(companyId, connectionId, { status: 'TIMEOUT' });
      return;
    }
    closeSocket(session);
    // WhatsApp asks for a fresh socket right after pairing; anything else is a drop
    if (code === DisconnectReason.restartRequired) {
      scheduleReconnect(session, 0);
      return;
    }
    const delay = backoff(session);
    const unreachable = session.attempts >= deps.timings.unreachedAttempts ? { kind: 'unreachable' as const, code } : undefined;
    if (!registered() && unreachable) {
      deps.log.warn(
        { companyId, connectionId, code, err: update.lastDisconnect?.error, attempts: session.attempts },
        'whatsapp session could not reach WhatsApp; it waits for try again',
      );
      await forget(session);
      await deps.writeStatus(companyId, connectionId, { status: 'DISCONNECTED', reason: unreachable });
      return;
    }
    // a linked session goes on retrying, but its screen says why it is still not connected
    await deps.writeStatus(companyId, connectionId, { status: 'OPENING', reason: unreachable });
    scheduleReconnect(session, delay);
  };

  const openSocket = async (session: Session) => {
    const { companyId, connectionId } = session;
    const connection = await findConnection(deps.db, companyId, connectionId);
    if (!connection || superseded(session)) return;
    const { state, saveCreds } = await loadAuthState(deps.db, companyId, connectionId);
    // a socket opened for a session ended meanwhile would live on with nobody to close it
    if (superseded(session)) return;
    const generation = ++session.generation;
    session.qrShown = false;
    const socket = deps.socketFactory({
      connectionId,
      auth: state,
      syncFullHistory: connection.enableImportMessage && connection.importOldMessages !== null,
      getMessage: async (key) => {
        const stored = key.id ? await findByProviderId(deps.db, companyId, connectionId, key.id) : undefined;
        return stored ? { conversation: stored.body } : undefined;
      },
      log: deps.log.child({ connectionId }),
    });
    session.socket = socket;
    // before anything can emit: the WebSocket is connecting from the factory's return on
    keepErrorListener(socket.ws, (error) => deps.log.debug({ err: error, companyId, connectionId }, 'whatsapp websocket error'));
    const on = <E extends keyof WhatsappEvents>(event: E, handle: (payload: WhatsappEvents[E]) => Promise<void>) =>
      socket.ev.on(event, (payload) => {
        if (session.generation !== generation) return;
        session.queue = session.queue
          .then(() => (session.generation === generation ? handle(payload) : undefined))
          .catch((error: unknown) => deps.log.error({ err: error, connectionId, event }, 'whatsapp event failed'));
      });
    on('creds.update', async (update) => void (await saveCreds(update)));
    on('connection.update', (update) => onConnectionUpdate(session, update, () => Boolean(state.creds.me)));
    for (const [event, handle] of Object.entries(deps.handlers) as [keyof WhatsappEvents, (c: SessionContext, p: unknown) => Promise<void>][]) {
      if (event === 'creds.update' || event === 'connection.update') continue;
      on(event, (payload) => handle({ companyId, connectionId, socket }, payload));
    }
  };

  const start = async (companyId: number, connectionId: number) => {
    if (deps.startElsewhere) {
      await deps.startElsewhere(companyId, connectionId);
      return false;
    }
    if (!running || sessions.has(connectionId)) return sessions.has(connectionId);
    const session: Session = { companyId, connectionId, connected: false, qrShown: false, generation: 0, attempts: 0, queue: Promise.resolve() };
    // claimed before the first await, so two triggers cannot open two sockets
    sessions.set(connectionId, session);
    const acquired = await acquireLease(deps.db, { companyId, connectionId, owner, seconds: deps.timings.leaseSeconds }).catch((error: unknown) => {
      // the connection deleted meanwhile, or the database away: no session left claiming it
      if (!superseded(session)) sessions.delete(connectionId);
      throw error;
    });
    if (!acquired) {
      if (!superseded(session)) sessions.delete(connectionId);
      return false;
    }
    if (superseded(session)) {
      // taken after the command gave it back: a newer session of ours shares the row, else it goes
      if (!sessions.has(connectionId)) await releaseLease(deps.db, { companyId, connectionId, owner });
      return false;
    }
    await deps.writeStatus(companyId, connectionId, { status: 'OPENING' });
    await openSocket(session).catch((error: unknown) => reconnectAfterFailure(session, error));
    return true;
  };

  const runLocally = async (companyId: number, connectionId: number, command: SessionCommand) => {
    const session = sessions.get(connectionId);
    if (command === 'logout') {
      await session?.socket?.logout().catch((error: unknown) => deps.log.warn({ err: error, connectionId }, 'whatsapp logout failed'));
    }
    if (session) await forget(session);
    if (command === 'logout' || command === 'newQr') await removeAuthState(deps.db, companyId, connectionId);
    if (command === 'logout') {
      await deps.writeStatus(companyId, connectionId, { status: 'DISCONNECTED' });
      return;
    }
    await start(companyId, connectionId);
  };

  // A live session owned by another process gets the command through its lease row.
  const command = async (companyId: number, connectionId: number, action: SessionCommand) => {
    if (!sessions.has(connectionId) && (await sendCommandToOwner(deps.db, { companyId, connectionId, owner }, action))) return;
    await runLocally(companyId, connectionId, action);
  };

  // Renews our leases (running the commands left for us) and adopts sessions whose owner is gone.
  const tick = async () => {
    for (const session of [...sessions.values()]) {
      const renewed = await renewLease(deps.db, { companyId: session.companyId, connectionId: session.connectionId, owner, seconds: deps.timings.leaseSeconds });
      if (!renewed) {
        deps.log.warn({ connectionId: session.connectionId }, 'whatsapp session lease lost; closing the local socket');
        closeSocket(session);
        sessions.delete(session.connectionId);
      } else if (renewed.command) {
        await runLocally(session.companyId, session.connectionId, renewed.command);
      }
    }
    const candidates = await connectionsWithoutLiveLease(deps.db, idleStatuses);
    for (const candidate of candidates) {
      if (!sessions.has(candidate.id)) await start(candidate.companyId, candidate.id);
    }
  };

  const unsubscribe = deps.bus.subscribe(({ companyId, event, payload }) => {
    if (event !== 'whatsapp') return;
    const change = payload as CompanyEvents['whatsapp'];
    if (change.action === 'delete') {
      const session = sessions.get(change.whatsappId);
      if (session) void forget(session).catch((error: unknown) => deps.log.warn({ err: error, connectionId: change.whatsappId }, 'whatsapp lease release failed'));
      return;
    }
    // a new WhatsApp connection (or one set back to qrcode) shows its QR code at once
    const { whatsapp } = change;
    if (whatsapp.channel === 'whatsapp' && whatsapp.status === 'qrcode' && !sessions.has(whatsapp.id)) {
      void start(companyId, whatsapp.id).catch((error: unknown) => deps.log.error({ err: error }, 'whatsapp session start failed'));
    }
  });

  let ticking: Promise<void> = Promise.resolve();
  return {
    owner,
    start: async () => {
      running = true;
      await tick();
      renewTimer = setInterval(() => {
        ticking = ticking.then(tick).catch((error: unknown) => deps.log.error({ err: error }, 'whatsapp lease renewal failed'));
      }, (deps.timings.leaseSeconds * 1000) / 3);
    },
    // Closes our sockets and gives the leases back without touching statuses or credentials, so
    // the next process resumes every session without a new QR.
    stop: async () => {
      running = false;
      unsubscribe();
      clearInterval(renewTimer);
      await ticking;
      for (const session of [...sessions.values()]) await forget(session);
    },
    command,
    // starts the session here unless another live process holds it (the session-start job)
    startHere: (companyId: number, connectionId: number) => start(companyId, connectionId),
    // the live socket of a connected session this process owns
    connectedSocket: (connectionId: number) => {
      const session = sessions.get(connectionId);
      return session?.connected ? session.socket : undefined;
    },
  };
};

export type SessionManager = ReturnType<typeof createSessionManager>;
