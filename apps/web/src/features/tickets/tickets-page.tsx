import { MOBILE_BREAKPOINT, TICKETS_MANAGER_WIDTH } from '@atende/shared/constants';
import { Forum } from '@mui/icons-material';
import { Box, Paper, Tab, Tabs, Typography, useMediaQuery } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { useSession, useSessionUser } from '../../lib/session/session-context.ts';
import { askNotificationPermission } from '../../lib/notify.ts';
import { TicketChat } from './chat/ticket-chat.tsx';
import { TicketDialogs } from './dialogs/ticket-dialogs-host.tsx';
import { TicketListPanel } from './list/ticket-list-panel.tsx';
import { ticketsApi } from './tickets-api.ts';

const clampWidth = (width: number) => Math.min(TICKETS_MANAGER_WIDTH.max, Math.max(TICKETS_MANAGER_WIDTH.min, Math.round(width)));

const EmptyChat = () => {
  const { t } = useTranslation();
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', color: 'text.secondary', textAlign: 'center', p: 3 }} data-testid="chat-placeholder">
      <Box>
        <Forum sx={{ fontSize: 64, opacity: 0.4 }} />
        <Typography>{t('tickets.chat.selectTicket')}</Typography>
      </Box>
    </Box>
  );
};

// 01-core §2 Ticket manager: a resizable list and the chat; below 600 px a tabbed view.
export const TicketsPage = () => {
  const { t } = useTranslation();
  const { ticketUuid } = useParams();
  const me = useSessionUser();
  const { updateUser } = useSession();
  const mobile = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT}px)`, { noSsr: true });
  const [width, setWidth] = useState(() => clampWidth(me.defaultTicketsManagerWidth || TICKETS_MANAGER_WIDTH.default));
  const [mobileTab, setMobileTab] = useState<'list' | 'chat'>(ticketUuid ? 'chat' : 'list');
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);

  useEffect(askNotificationPermission, []);
  useEffect(() => setMobileTab(ticketUuid ? 'chat' : 'list'), [ticketUuid]);

  if (ticketUuid === 'undefined') return <Navigate to="/tickets" replace />;

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    drag.current = { startX: event.clientX, startWidth: width };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    if (drag.current) setWidth(clampWidth(drag.current.startWidth + event.clientX - drag.current.startX));
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    drag.current = null;
    // saved with a minimum of 404 (01-core §5 Ticket-manager width)
    const saved = clampWidth(width);
    void ticketsApi.saveWidth(me.id, saved).then(
      () => updateUser((user) => ({ ...user, defaultTicketsManagerWidth: saved })),
      () => undefined,
    );
  };

  const chat = ticketUuid ? <TicketChat key={ticketUuid} uuid={ticketUuid} /> : <EmptyChat />;

  if (mobile) {
    return (
      <Paper variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }} data-testid="tickets-page">
        <Tabs value={mobileTab} onChange={(_, value: 'list' | 'chat') => setMobileTab(value)} variant="fullWidth">
          <Tab value="chat" label={t('tickets.mobile.ticket')} data-testid="tickets-mobile-chat" />
          <Tab value="list" label={t('tickets.mobile.list')} data-testid="tickets-mobile-list" />
        </Tabs>
        <Box sx={{ flex: 1, minHeight: 0 }}>{mobileTab === 'list' ? <TicketListPanel selectedUuid={ticketUuid} /> : chat}</Box>
        <TicketDialogs />
      </Paper>
    );
  }

  return (
    <Paper variant="outlined" sx={{ height: '100%', display: 'flex', overflow: 'hidden' }} data-testid="tickets-page">
      <Box sx={{ width, flexShrink: 0, minWidth: 0, height: '100%' }} data-testid="tickets-list-pane">
        <TicketListPanel selectedUuid={ticketUuid} />
      </Box>
      <Box
        role="separator"
        aria-orientation="vertical"
        aria-valuemin={TICKETS_MANAGER_WIDTH.min}
        aria-valuemax={TICKETS_MANAGER_WIDTH.max}
        aria-valuenow={width}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        data-testid="tickets-resizer"
        sx={{ width: 6, flexShrink: 0, cursor: 'col-resize', borderLeft: 1, borderColor: 'divider', '&:hover': { bgcolor: 'action.hover' }, touchAction: 'none' }}
      />
      <Box sx={{ flex: 1, minWidth: 0, height: '100%' }}>{chat}</Box>
      <TicketDialogs />
    </Paper>
  );
};
