import { companyChannel, type CompanyEventName, type CompanyEvents } from '@atende/shared/events';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSession } from '../session/session-context.ts';
import { useSocket } from './socket-context.ts';

// Subscribes to `company-{id}-{event}` for the signed-in user's company.
export const useCompanyEvent = <E extends CompanyEventName>(
  event: E,
  handler: (payload: CompanyEvents[E]) => void,
) => {
  const socket = useSocket();
  const { user } = useSession();
  const companyId = user?.companyId;
  const handlerRef = useRef(handler);

  useLayoutEffect(() => {
    handlerRef.current = handler;
  });

  useEffect(() => {
    if (!socket || companyId === undefined) return;
    // widened: socket.io cannot resolve its listener type for a generic template channel
    const channel: string = companyChannel(companyId, event);
    const listener = (payload: CompanyEvents[E]) => handlerRef.current(payload);
    socket.on(channel, listener);
    return () => {
      socket.off(channel, listener);
    };
  }, [socket, companyId, event]);
};
