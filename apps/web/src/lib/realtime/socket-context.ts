import type { ClientToServerEvents } from '@atende/shared/events';
import { createContext, useContext } from 'react';
import type { Socket } from 'socket.io-client';

// Incoming channel names are dynamic (`company-{id}-{event}`): useCompanyEvent types them.
export type AppSocket = Socket<Record<string, (...args: never[]) => void>, ClientToServerEvents>;

export const SocketContext = createContext<AppSocket | null>(null);

export const useSocket = () => useContext(SocketContext);
