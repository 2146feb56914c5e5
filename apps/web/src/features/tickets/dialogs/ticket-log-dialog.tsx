import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatClock, formatDate } from '../../../lib/format.ts';
import { ticketsApi } from '../tickets-api.ts';
import { ticketsQueryKeys } from '../list/tickets-cache.ts';

// A ticket's log (GET /tickets-log/{ticketId}): from the ticket's menu and the report's rows
// (03-saas §2 Tickets report).
export const TicketLogDialog = ({ ticketId, onClose }: { ticketId: number; onClose: () => void }) => {
  const { t } = useTranslation();
  const { data: logs = [], isPending } = useQuery({ queryKey: ticketsQueryKeys.logs(ticketId), queryFn: () => ticketsApi.logs(ticketId), staleTime: 0 });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="log-dialog">
      <DialogTitle>{t('tickets.log.title', { id: ticketId })}</DialogTitle>
      <DialogContent dividers>
        {!isPending && logs.length === 0 && <DialogContentText>{t('tickets.log.empty')}</DialogContentText>}
        <List dense>
          {logs.map((entry) => {
            const at = new Date(entry.createdAt);
            return (
              <ListItem key={entry.id} data-testid="log-entry">
                <ListItemText
                  primary={t(`tickets.log.types.${entry.type}`, { defaultValue: entry.type, user: entry.user?.name ?? t('tickets.log.system'), queue: entry.queue?.name ?? '-' })}
                  secondary={`${formatDate(at)} ${formatClock(at)}`}
                />
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
