import type { ConnectionView } from '@atende/shared/connections';
import { Button, CircularProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_PREPARING_MS, importProgressParts, importStateOf, type ImportProgress } from './session-actions.ts';
import { useCloseImported } from './use-session-commands.ts';

type ImportStatusProps = { connection: ConnectionView; progress: ImportProgress | null };

// 02-operations §4 Message import: a disabled preparing button for the first 35 s, then the
// progress, and at the end the close-imported-tickets button.
export const ImportStatus = ({ connection, progress }: ImportStatusProps) => {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const state = importStateOf(connection.statusImportMessages, now);
  const closeImported = useCloseImported(connection.id);

  // re-render when the preparing window of this import ends
  useEffect(() => {
    if (state !== 'preparing') return;
    const timer = setTimeout(() => setNow(Date.now()), Number(connection.statusImportMessages) + IMPORT_PREPARING_MS - Date.now());
    return () => clearTimeout(timer);
  }, [state, connection.statusImportMessages]);

  if (state === 'none') return null;
  if (state === 'closeTickets') {
    return (
      <Button size="small" variant="outlined" disabled={closeImported.isPending} onClick={() => closeImported.mutate()} data-testid="session-close-imported">
        {t('connections.import.closeTickets')}
      </Button>
    );
  }
  if (state === 'preparing') {
    return (
      <Button size="small" variant="outlined" disabled startIcon={<CircularProgress size={14} />} data-testid="session-import-preparing">
        {t('connections.import.preparing')}
      </Button>
    );
  }
  const parts = progress ? importProgressParts(progress) : null;
  return (
    <Typography variant="caption" data-testid="session-import-progress">
      {parts ? t('connections.import.progress', parts) : t('connections.import.preparing')}
    </Typography>
  );
};
