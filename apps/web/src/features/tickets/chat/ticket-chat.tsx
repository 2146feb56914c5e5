import type { MessageView } from '@atende/shared/messages';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toastError } from '../../../lib/error-message.ts';
import { useElementWidth } from '../../../lib/use-element-width.ts';
import { CONTACT_DRAWER_WIDTH, ContactDrawer } from './contact-drawer.tsx';
import { useSocket } from '../../../lib/realtime/socket-context.ts';
import { ForwardBar } from './forward-bar.tsx';
import { MessageInput, type ReplyState } from '../composer/message-input.tsx';
import { MessageList } from './message-list.tsx';
import { TicketHeader } from './ticket-header.tsx';
import { ticketsUi } from '../tickets-ui-store.ts';
import { useChatPdfExport } from './use-chat-pdf-export.ts';
import { useTicket } from '../list/use-tickets.ts';
import { useVisitorTyping } from './use-webchat-typing.ts';

// the narrowest chat the contact drawer may leave beside it
const CHAT_MIN_WIDTH = 480;

// One ticket's chat (01-core §2 Chat screen): header, messages, input and the contact drawer.
export const TicketChat = ({ uuid }: { uuid: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const socket = useSocket();
  const { data: ticket, error } = useTicket(uuid);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [chatRef, chatWidth] = useElementWidth<HTMLDivElement>();
  // beside the chat only while the chat keeps room for its header and composer (issue 35 point 3)
  const drawerOverlays = chatWidth - CONTACT_DRAWER_WIDTH < CHAT_MIN_WIDTH;
  const [reply, setReply] = useState<ReplyState>(null);
  const { scrollerRef, exportPdf, exporting } = useChatPdfExport(ticket);
  const ticketId = ticket?.id;
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const selectedIds = useMemo(() => [...selected].sort((a, b) => a - b), [selected]);
  const visitorTyping = useVisitorTyping(ticketId);

  const toggleSelect = useCallback((message: MessageView) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(message.id)) next.delete(message.id);
      else next.add(message.id);
      return next;
    });
  }, []);
  const startForward = useCallback((message: MessageView) => {
    setReply(null);
    setSelecting(true);
    setSelected(new Set([message.id]));
  }, []);
  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  const onReply = useCallback((message: MessageView) => setReply({ mode: 'reply', message }), []);
  const onEdit = useCallback((message: MessageView) => setReply({ mode: 'edit', message }), []);

  // selection belongs to one ticket
  const [selectionTicket, setSelectionTicket] = useState(ticketId);
  if (selectionTicket !== ticketId) {
    setSelectionTicket(ticketId);
    setSelecting(false);
    setSelected(new Set());
  }

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
    <Box ref={chatRef} sx={{ display: 'flex', height: '100%', minWidth: 0, position: 'relative' }} data-testid="ticket-chat" data-ticket-id={ticket.id} data-status={ticket.status}>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TicketHeader ticket={ticket} onOpenContact={() => setDrawerOpen((open) => !open)} onExportPdf={() => void exportPdf()} exportingPdf={exporting} />
        {(ticket.channel === 'facebook' || ticket.channel === 'instagram') && (
          <Alert severity="info" sx={{ borderRadius: 0, py: 0 }} data-testid="chat-meta-notice">
            {t('tickets.chat.metaWindow')}
          </Alert>
        )}
        <MessageList
          ticket={ticket}
          scrollerRef={scrollerRef}
          onReply={onReply}
          onEdit={onEdit}
          selecting={selecting}
          selected={selected}
          onToggleSelect={toggleSelect}
          onForward={startForward}
        />
        {visitorTyping && (
          <Typography variant="caption" color="text.secondary" sx={{ px: 2, fontStyle: 'italic' }} data-testid="chat-visitor-typing">
            {t('tickets.chat.visitorTyping', { name: ticket.contact.name })}
          </Typography>
        )}
        {selecting ? (
          <ForwardBar selected={selectedIds} onCancel={stopSelecting} />
        ) : (
          <MessageInput ticket={ticket} reply={reply} onClearReply={() => setReply(null)} onSelectMode={() => setSelecting(true)} />
        )}
      </Box>
      {drawerOpen && <ContactDrawer contactId={ticket.contactId} ticket={ticket} overlay={drawerOverlays} onClose={() => setDrawerOpen(false)} />}
    </Box>
  );
};
