import { SOCKET_RECONNECT_DELAY_MS } from '@atende/shared/constants';
import { io, type ManagerOptions } from 'socket.io-client';
import { getToken } from '../storage.ts';
import type { AppSocket } from './socket-context.ts';

// How every socket of the app reaches the server and comes back after a drop.
export const connectionOptions: Partial<ManagerOptions> = {
  path: '/socket.io',
  // a WebSocket's close is seen at once when the tab goes; a long-poll between requests is only
  // missed after the ping timeout, leaving its user shown online. Polling stays as the fallback.
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
  reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MS,
};

export const createSocket = (): AppSocket =>
  io({
    ...connectionOptions,
    // read on every (re)connect so a refreshed token is used
    auth: (send) => send({ token: getToken() ?? '' }),
  });
