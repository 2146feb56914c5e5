import { SOCKET_RECONNECT_DELAY_MS } from '@atende/shared/constants';
import { io } from 'socket.io-client';
import { getToken } from '../../lib/storage.ts';
import type { AppSocket } from './socket-context.ts';

export const createSocket = (): AppSocket =>
  io({
    path: '/socket.io',
    // read on every (re)connect so a refreshed token is used
    auth: (send) => send({ token: getToken() ?? '' }),
    // a WebSocket's close is seen at once when the tab goes; a long-poll between requests is only
    // missed after the ping timeout, leaving its user shown online. Polling stays as the fallback.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MS,
  });
