import type { ConnectionView } from '@atende/shared/connections';
import { Button, CircularProgress, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { sessionButtonsFor, type ImportProgress, type SessionButton } from './session-actions.ts';
import { ImportStatus } from './import-status.tsx';
import { SandboxCustomerDialog } from './sandbox-customer-dialog.tsx';
import { useSessionCommand } from './use-session-commands.ts';

type SessionCellProps = { connection: ConnectionView; progress: ImportProgress | null; onShowQr: (connectionId: number) => void };

// The session column of 02-operations §2 with the buttons of the §4 status table.
export const ConnectionSessionCell = ({ connection, progress, onShowQr }: SessionCellProps) => {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [playingCustomer, setPlayingCustomer] = useState(false);
  const command = useSessionCommand(connection.id);
  const busy = command.isPending;

  const render = (button: SessionButton) => {
    switch (button) {
      case 'qrcode':
        return (
          <Tooltip key={button} title={t('connections.session.qrcodeTooltip')}>
            <Button size="small" variant="contained" onClick={() => onShowQr(connection.id)} data-testid="session-qrcode">
              {t('connections.session.qrcode')}
            </Button>
          </Tooltip>
        );
      case 'tryAgain':
      case 'newQr':
        return (
          <Button key={button} size="small" variant={button === 'newQr' ? 'contained' : 'outlined'} disabled={busy} onClick={() => command.mutate(button)} data-testid={`session-${button}`}>
            {t(`connections.session.${button}`)}
          </Button>
        );
      case 'connecting':
        return (
          <Button key={button} size="small" variant="outlined" disabled startIcon={<CircularProgress size={14} />} data-testid="session-connecting">
            {t('connections.session.connecting')}
          </Button>
        );
      case 'disconnect':
        return (
          <Tooltip key={button} title={connection.status === 'TIMEOUT' ? t('connections.session.timeoutTooltip') : ''}>
            <Button size="small" variant="outlined" color="error" onClick={() => setConfirming(true)} data-testid="session-disconnect">
              {t('connections.session.disconnect')}
            </Button>
          </Tooltip>
        );
      case 'reconnectHint':
        return (
          <Typography key={button} variant="caption" color="text.secondary" data-testid="session-reconnect-hint">
            {t('connections.session.reconnectHint')}
          </Typography>
        );
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center', flexWrap: 'wrap' }} data-testid="connections-session">
      {connection.statusReason && (
        <Typography variant="caption" color="error" role="status" sx={{ flexBasis: '100%', textAlign: 'center' }} data-testid="session-reason">
          {t(`connections.session.reasons.${connection.statusReason}`)}
          {connection.statusReasonCode !== null && ` (${t('connections.session.reasonCode', { code: connection.statusReasonCode })})`}
        </Typography>
      )}
      {sessionButtonsFor(connection).map(render)}
      {connection.channel === 'whatsapp' && <ImportStatus connection={connection} progress={progress} />}
      {connection.channel === 'sandbox' && (
        <Button size="small" variant="outlined" onClick={() => setPlayingCustomer(true)} data-testid="session-sandbox-customer">
          {t('connections.sandbox.open')}
        </Button>
      )}
      {playingCustomer && <SandboxCustomerDialog connection={connection} onClose={() => setPlayingCustomer(false)} />}
      <ConfirmDialog
        open={confirming}
        title={t('connections.session.confirmDisconnect.title', { name: connection.name })}
        busy={busy}
        onConfirm={() => command.mutate('disconnect', { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        {t('connections.session.confirmDisconnect.message')}
      </ConfirmDialog>
    </Stack>
  );
};
