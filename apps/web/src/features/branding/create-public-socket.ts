import { SOCKET_RECONNECT_DELAY_MS } from '@atende/shared/constants';
import { PUBLIC_NAMESPACE, type PublicEvents } from '@atende/shared/events';
import { io, type Socket } from 'socket.io-client';

export type PublicSocket = Socket<{ [E in keyof PublicEvents]: (payload: PublicEvents[E]) => void }, Record<string, never>>;

// The public namespace needs no token, so the login page gets the platform's events too.
export const createPublicSocket = (): PublicSocket =>
  io(PUBLIC_NAMESPACE, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MS,
  });
