import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnections } from './use-connections.ts';

type QrCodeDialogProps = { connectionId: number | null; onClose: () => void };

// 02-operations §2: the current QR code, kept live by the session events that update the
// connections list; it closes once the QR becomes empty (the phone paired).
export const QrCodeDialog = ({ connectionId, onClose }: QrCodeDialogProps) => {
  const { t } = useTranslation();
  const connection = useConnections().data?.find((row) => row.id === connectionId);
  const qrcode = connection?.qrcode ?? '';
  const shownQr = useRef(false);

  useEffect(() => {
    if (connectionId === null) {
      shownQr.current = false;
      return;
    }
    if (qrcode) shownQr.current = true;
    else if (shownQr.current) onClose();
  }, [connectionId, qrcode, onClose]);

  return (
    <Dialog open={connectionId !== null} onClose={onClose} maxWidth="xs" fullWidth data-testid="qrcode-dialog">
      <DialogTitle>{t('connections.qr.title', { name: connection?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('connections.qr.instructions')}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, bgcolor: '#fff' }}>
          {qrcode ? (
            <QRCodeSVG value={qrcode} size={256} role="img" aria-label={t('connections.qr.image')} data-testid="qrcode-image" data-qrcode={qrcode} />
          ) : (
            <CircularProgress data-testid="qrcode-waiting" />
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" data-testid="qrcode-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
