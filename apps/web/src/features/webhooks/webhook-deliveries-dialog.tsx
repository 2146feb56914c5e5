import type { WebhookEndpointView } from '@atende/shared/webhooks';
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ListStatus } from '../../components/list-status.tsx';
import { useResendWebhookDelivery, useSendWebhookTest, useWebhookDeliveries } from './use-webhooks.ts';

const stateColor = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

type WebhookDeliveriesDialogProps = { endpoint: WebhookEndpointView; onClose: () => void };

// An endpoint's latest deliveries (state, time, answer code, duration), each sent again on demand.
export const WebhookDeliveriesDialog = ({ endpoint, onClose }: WebhookDeliveriesDialogProps) => {
  const { t } = useTranslation();
  const { data, isPending } = useWebhookDeliveries(endpoint.id);
  const deliveries = data?.deliveries ?? [];
  const resend = useResendWebhookDelivery(endpoint.id);
  const sendTest = useSendWebhookTest();
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="webhook-deliveries-dialog">
      <DialogTitle>{t('webhooks.deliveries.title', { url: endpoint.url })}</DialogTitle>
      <DialogContent dividers>
        <Table size="small" data-testid="webhook-deliveries-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('webhooks.deliveries.event')}</TableCell>
              <TableCell>{t('webhooks.deliveries.state')}</TableCell>
              <TableCell>{t('webhooks.deliveries.time')}</TableCell>
              <TableCell align="center">{t('webhooks.deliveries.answer')}</TableCell>
              <TableCell align="center">{t('webhooks.deliveries.duration')}</TableCell>
              <TableCell align="center">{t('webhooks.deliveries.attempts')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {deliveries.map((delivery) => (
              <TableRow key={delivery.id} data-testid="webhook-delivery-row" data-delivery-state={delivery.state}>
                <TableCell>{delivery.event}</TableCell>
                <TableCell>
                  <Chip size="small" color={stateColor[delivery.state]} label={t(`webhooks.states.${delivery.state}`)} title={delivery.lastError ?? undefined} />
                </TableCell>
                <TableCell>{new Date(delivery.lastAttemptAt ?? delivery.createdAt).toLocaleString()}</TableCell>
                <TableCell align="center" data-testid="webhook-delivery-status">
                  {delivery.responseStatus ?? delivery.lastError ?? ''}
                </TableCell>
                <TableCell align="center">{delivery.durationMs === null ? '' : `${delivery.durationMs} ms`}</TableCell>
                <TableCell align="center">{delivery.attempts}</TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => resend.mutate(delivery.id)} disabled={resend.isPending} data-testid="webhook-delivery-resend">
                    {t('webhooks.deliveries.resend')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isPending} empty={deliveries.length === 0} emptyText={t('webhooks.deliveries.empty')} />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => sendTest.mutate(endpoint.id)} loading={sendTest.isPending} data-testid="webhook-send-test">
          {t('webhooks.sendTest')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
