import { PUBLIC_NAMESPACE, type PublicEvents } from '@atende/shared/events';
import { io, type Socket } from 'socket.io-client';
import { connectionOptions } from '../../lib/realtime/create-socket.ts';

export type PublicSocket = Socket<{ [E in keyof PublicEvents]: (payload: PublicEvents[E]) => void }, Record<string, never>>;

// The public namespace needs no token, so the login page gets the platform's events too.
export const createPublicSocket = (): PublicSocket => io(PUBLIC_NAMESPACE, connectionOptions);
