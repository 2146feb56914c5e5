import type { PanelTicket } from '@atende/shared/panel';
import { can } from '@atende/shared/permissions';
import { cutText } from '@atende/shared/reports';
import { Avatar, Badge, Box, Chip, Link, List, ListItem, ListItemAvatar, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ListStatus } from '../../components/list-status.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { panelApi, panelQueryKeys } from './panel-api.ts';

type Column = { key: string; title: string; tickets: PanelTicket[] };

// 02-operations §2: the waiting tickets, then one column per attendant with its open tickets.
const columnsOf = (tickets: PanelTicket[], waitingTitle: string, noUserTitle: string): Column[] => {
  const waiting: Column = { key: 'waiting', title: waitingTitle, tickets: [] };
  const byUser = new Map<string, Column>();
  for (const ticket of tickets) {
    if (ticket.status === 'pending') {
      waiting.tickets.push(ticket);
      continue;
    }
    const key = ticket.user ? `user-${ticket.user.id}` : 'no-user';
    const column = byUser.get(key) ?? { key, title: ticket.user?.name ?? noUserTitle, tickets: [] };
    column.tickets.push(ticket);
    byUser.set(key, column);
  }
  return [waiting, ...[...byUser.values()].sort((x, y) => x.title.localeCompare(y.title))];
};

const PanelCard = ({ ticket, linked }: { ticket: PanelTicket; linked: boolean }) => {
  const { t } = useTranslation();
  const name = cutText(ticket.contact.name, 30, 25);
  return (
    <ListItem divider data-testid="panel-ticket" data-ticket-id={ticket.id} sx={{ alignItems: 'flex-start' }}>
      <ListItemAvatar>
        <Badge badgeContent={ticket.unreadMessages} color="success">
          <Avatar src={ticket.contact.urlPicture ?? undefined} alt={ticket.contact.name} />
        </Badge>
      </ListItemAvatar>
      <ListItemText
        primary={
          linked ? (
            <Link component={RouterLink} to={`/tickets/${ticket.uuid}`} title={t('panel.open')} data-testid="panel-ticket-link">
              {name}
            </Link>
          ) : (
            name
          )
        }
        secondary={
          <Stack component="span" spacing={0.5}>
            <span data-testid="panel-ticket-message">{cutText(ticket.lastMessage, 30, 27)}</span>
            <Stack component="span" direction="row" spacing={0.5}>
              {ticket.queue && <Chip component="span" size="small" label={ticket.queue.name} sx={{ bgcolor: ticket.queue.color || 'grey.500', color: '#fff' }} />}
              {ticket.whatsapp && <Chip component="span" size="small" variant="outlined" label={ticket.whatsapp.name} />}
            </Stack>
          </Stack>
        }
      />
    </ListItem>
  );
};

// 02-operations §2 Attendance panel (/moments): live view of the tickets by attendant.
export const PanelPage = () => {
  const { t } = useTranslation();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const moments = useQuery({ queryKey: panelQueryKeys.moments, queryFn: panelApi.moments });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: panelQueryKeys.moments });
  // 02-operations §7 Attendance panel: live on -user, -contact, -ticket and -appMessage
  useCompanyEvent('user', refresh);
  useCompanyEvent('contact', refresh);
  useCompanyEvent('ticket', refresh);
  useCompanyEvent('appMessage', refresh);
  const { error } = moments;
  useEffect(() => {
    if (!error) return;
    // 02-operations §8: a 500 says 'error loading users'; others go to the shared handler
    if (error instanceof ApiError && error.status === 500) toast.error(t('panel.loadError'));
    else toastError(error);
  }, [error, t]);

  const isAdmin = can(user, 'drawer-admin-items:view');
  const columns = columnsOf(moments.data ?? [], t('panel.waiting'), t('panel.noUser'));
  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('panel.title')}
      </Typography>
      <ListStatus loading={moments.isPending} empty={false} emptyText="" />
      <Box sx={{ display: 'flex', gap: 2, overflowX: 'auto', flex: 1, minHeight: 0, pb: 1 }}>
        {columns.map((column) => (
          <Paper key={column.key} variant="outlined" sx={{ width: 300, flexShrink: 0, display: 'flex', flexDirection: 'column' }} data-testid="panel-column" data-column={column.key}>
            <Stack direction="row" sx={{ p: 1.5, justifyContent: 'space-between', borderBottom: 1, borderColor: 'divider' }}>
              <Typography sx={{ fontWeight: 600 }}>{column.title}</Typography>
              <Typography color="text.secondary">{t('panel.count', { count: column.tickets.length })}</Typography>
            </Stack>
            <List dense sx={{ overflowY: 'auto', flex: 1 }}>
              {column.tickets.map((ticket) => (
                <PanelCard key={ticket.id} ticket={ticket} linked={isAdmin || ticket.userId === user.id} />
              ))}
              {column.tickets.length === 0 && (
                <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
                  {t('panel.empty')}
                </Typography>
              )}
            </List>
          </Paper>
        ))}
      </Box>
    </Stack>
  );
};
