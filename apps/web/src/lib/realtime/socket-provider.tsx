import { STATUS_PING_MS } from '@atende/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { refreshSession } from '../api-client.ts';
import { useSession } from '../session/session-context.ts';
import { SocketContext, type AppSocket } from './socket-context.ts';

// One socket per signed-in user (01-core §7 Realtime).
export const SocketProvider = ({ children }: { children: ReactNode }) => {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<AppSocket | null>(null);
  // the server refuses the socket of a user who must first replace a generated password
  const userId = user && !user.mustChangePassword ? user.id : undefined;

  useEffect(() => {
    if (userId === undefined) return;
    let disposed = false;
    let stop = () => {};
    // the socket client is fetched for the first signed-in screen, not with the sign-in page
    void import('./create-socket.ts').then(({ createSocket }) => {
      if (disposed) return;
      const next = createSocket();
      let connectedBefore = false;

      next.on('connect', () => {
        next.emit('userStatus');
        // a reconnect that could not recover missed events: refetch what is on screen
        if (connectedBefore && !next.recovered) void queryClient.invalidateQueries();
        connectedBefore = true;
      });
      next.on('connect_error', (error) => {
        if (error.message !== 'ERR_SESSION_EXPIRED') return;
        // the server refused the expired token: the client does not retry by itself
        refreshSession()
          .then(() => next.connect())
          .catch(() => undefined);
      });
      const ping = setInterval(() => {
        if (next.connected) next.emit('userStatus');
      }, STATUS_PING_MS);

      stop = () => {
        clearInterval(ping);
        next.disconnect();
      };
      setSocket(next);
    });
    return () => {
      disposed = true;
      stop();
      setSocket(null);
    };
  }, [userId, queryClient]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
};
