import { SOCKET_RECONNECT_DELAY_MS } from '@atende/shared/constants';
import { io } from 'socket.io-client';
import { getToken } from '../../lib/storage.ts';
import type { AppSocket } from './socket-context.ts';

export const createSocket = (): AppSocket =>
  io({
    path: '/socket.io',
    // read on every (re)connect so a refreshed token is used
    auth: (send) => send({ token: getToken() ?? '' }),
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MS,
  });
