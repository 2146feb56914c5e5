// Web chat typing in the chat screen (docs/webchat.md "Typing"): whether the ticket's visitor is
// typing now, from the visitor's notices on the ticket's room, and the composer's notice that the
// attendant is typing, sent at most once every WEBCHAT_TYPING_EVERY_MS and only for a web chat ticket.
import { WEBCHAT_TYPING_EVERY_MS, WEBCHAT_TYPING_SHOWN_MS, webchatEndpoints, webchatTypingChannel } from '@atende/shared/webchat';
import type { TicketView } from '@atende/shared/tickets';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useSocket } from '../../../lib/realtime/socket-context.ts';

export const useVisitorTyping = (ticketId: number | undefined) => {
  const socket = useSocket();
  const companyId = useSession().user?.companyId;
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!socket || companyId === undefined || ticketId === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const channel = webchatTypingChannel(companyId);
    const listener = (payload: { ticketId: number }) => {
      if (payload.ticketId !== ticketId) return;
      setTyping(true);
      clearTimeout(timer);
      timer = setTimeout(() => setTyping(false), WEBCHAT_TYPING_SHOWN_MS);
    };
    socket.on(channel, listener);
    return () => {
      clearTimeout(timer);
      setTyping(false);
      socket.off(channel, listener);
    };
  }, [socket, companyId, ticketId]);
  return typing;
};

export const useTellTyping = (ticket: Pick<TicketView, 'id' | 'channel'>) => {
  const toldAt = useRef(0);
  return useCallback(() => {
    if (ticket.channel !== 'webchat' || Date.now() - toldAt.current < WEBCHAT_TYPING_EVERY_MS) return;
    toldAt.current = Date.now();
    // a lost notice is only a missed "typing…": nothing to tell the attendant
    void callEndpoint(webchatEndpoints.attendantTyping, { params: { ticketId: ticket.id } }).catch(() => undefined);
  }, [ticket.id, ticket.channel]);
};
