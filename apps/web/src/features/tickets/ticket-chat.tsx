import type { MessageView } from '@atende/shared/messages';
import { Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastError } from '../../lib/error-message.ts';
import { ContactDrawer } from '../contacts/contact-drawer.tsx';
import { useSocket } from '../realtime/socket-context.ts';
import { MessageInput } from './message-input.tsx';
import { MessageList } from './message-list.tsx';
import { TicketHeader } from './ticket-header.tsx';
import { ticketsUi } from './tickets-ui-store.ts';
import { useTicket } from './use-tickets.ts';

export type ReplyState = { mode: 'reply' | 'edit'; message: MessageView } | null;

// One ticket's chat (01-core §2 Chat screen): header, messages, input and the contact drawer.
export const TicketChat = ({ uuid }: { uuid: string }) => {
  const navigate = useNavigate();
  const socket = useSocket();
  const { data: ticket, error } = useTicket(uuid);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [reply, setReply] = useState<ReplyState>(null);
  const ticketId = ticket?.id;

  useEffect(() => {
    if (!error) return;
    // 01-core §8: a ticket that fails to load sends the view back to /tickets
    toastError(error);
    navigate('/tickets', { replace: true });
  }, [error, navigate]);

  useEffect(() => {
    if (ticketId === undefined) return;
    ticketsUi.setOpenTicket(ticketId);
    socket?.emit('joinChatBox', String(ticketId));
    return () => {
      ticketsUi.setOpenTicket(null);
      socket?.emit('joinChatBoxLeave', String(ticketId));
    };
  }, [ticketId, socket]);

  if (!ticket) {
    return (
      <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
        <CircularProgress />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', height: '100%', minWidth: 0 }} data-testid="ticket-chat" data-ticket-id={ticket.id} data-status={ticket.status}>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TicketHeader ticket={ticket} onOpenContact={() => setDrawerOpen((open) => !open)} />
        <MessageList ticket={ticket} onReply={(message) => setReply({ mode: 'reply', message })} onEdit={(message) => setReply({ mode: 'edit', message })} />
        <MessageInput ticket={ticket} reply={reply} onClearReply={() => setReply(null)} />
      </Box>
      {drawerOpen && <ContactDrawer contactId={ticket.contactId} ticket={ticket} onClose={() => setDrawerOpen(false)} />}
    </Box>
  );
};
