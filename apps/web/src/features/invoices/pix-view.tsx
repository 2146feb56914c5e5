import type { PixChargeAnswer } from '@atende/shared/invoices';
import { ContentCopy, Done } from '@mui/icons-material';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '../../lib/format.ts';

// 03-saas §9: the copied state resets after 1 s
const COPIED_RESET_MS = 1000;

// 03-saas §2 Checkout dialog: the Pix code (qrcode.qrcode) and the amount (valor.original).
export const PixView = ({ charge }: { charge: PixChargeAnswer }) => {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    void navigator.clipboard?.writeText(charge.qrcode.qrcode).catch(() => undefined);
    setCopied(true);
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }} data-testid="pix-view">
      <Typography variant="h6">{t('invoices.pixTitle')}</Typography>
      {charge.qrcode.imagemQrcode && <Box component="img" src={charge.qrcode.imagemQrcode} alt={t('invoices.pixTitle')} sx={{ width: 200, height: 200 }} />}
      <Typography data-testid="pix-amount">{formatCurrency(charge.valor.original)}</Typography>
      <TextField value={charge.qrcode.qrcode} fullWidth multiline minRows={3} slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'pix-code' } }} />
      <Button variant="outlined" startIcon={copied ? <Done /> : <ContentCopy />} onClick={copy} data-testid="pix-copy">
        {copied ? t('invoices.copied') : t('invoices.copy')}
      </Button>
    </Stack>
  );
};
