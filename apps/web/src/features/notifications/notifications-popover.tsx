import { ticketStatuses } from '@atende/shared/tickets';
import { Notifications } from '@mui/icons-material';
import { Avatar, Badge, List, ListItemAvatar, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AppBarPopover } from '../../components/app-bar-popover.tsx';
import { useUnreadTitle } from '../../lib/unread-title.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { cut, formatTicketTime } from '../../lib/format.ts';
import type { TicketListFilters } from '../tickets/tickets-api.ts';
import { useOpenTicketId } from '../tickets/tickets-ui-store.ts';
import { useTicketsList } from '../tickets/list/use-tickets.ts';
import { notifiesUser } from '../tickets/notifies-user.ts';

// Tickets with unread messages that are not closed (a closed ticket never notifies); live
// events keep this list like any other ticket list.
const unreadFilters: TicketListFilters = {
  searchParam: '',
  searchOnMessages: false,
  showAll: false,
  queueIds: [],
  tags: [],
  users: [],
  whatsapps: [],
  statusFilter: ticketStatuses.filter((status) => status !== 'closed'),
  sortTickets: 'DESC',
  withUnreadMessages: true,
};

// 01-core §2 Notifications popover and the unread count in the page title. It holds what the
// §4 notification rule lets through, so an entry leaves as soon as its ticket is read, taken by
// someone else, closed or opened on screen.
export const NotificationsPopover = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const openTicketId = useOpenTicketId();
  const { data } = useTicketsList(unreadFilters);
  const tickets = useMemo(
    () => (data?.pages.flatMap((page) => page.tickets) ?? []).filter((ticket) => notifiesUser(user, ticket, openTicketId)),
    [data, user, openTicketId],
  );
  useUnreadTitle(tickets.length);

  return (
    <AppBarPopover title={t('notifications.title')} icon={<Notifications />} count={tickets.length} testId="notifications">
      {(close) =>
        tickets.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }} data-testid="notifications-empty">
            {t('notifications.empty')}
          </Typography>
        ) : (
          <List dense>
            {tickets.map((ticket) => (
              <ListItemButton
                key={ticket.id}
                onClick={() => {
                  close();
                  navigate(`/tickets/${ticket.uuid}`);
                }}
                data-testid={`notification-${ticket.id}`}
              >
                <ListItemAvatar>
                  <Badge badgeContent={ticket.unreadMessages} color="success">
                    <Avatar src={ticket.contact.urlPicture || undefined}>{ticket.contact.name.charAt(0).toUpperCase()}</Avatar>
                  </Badge>
                </ListItemAvatar>
                <ListItemText primary={cut(ticket.contact.name, 60)} secondary={`${formatTicketTime(ticket.updatedAt)} · ${cut(ticket.lastMessage, 40)}`} />
              </ListItemButton>
            ))}
          </List>
        )
      }
    </AppBarPopover>
  );
};
