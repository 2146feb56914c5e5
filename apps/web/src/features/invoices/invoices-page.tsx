import type { InvoiceView } from '@atende/shared/invoices';
import { Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutDialog } from './checkout-dialog.tsx';
import { CheckoutNotice } from './checkout-notice.tsx';
import { InvoicesList } from './invoices-list.tsx';

// /financeiro (03-saas §2 Invoices screen): PAGAR opens the checkout.
export const InvoicesPage = () => {
  const { t } = useTranslation();
  const [paying, setPaying] = useState<InvoiceView | null>(null);
  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('invoices.title')}
      </Typography>
      <CheckoutNotice />
      <InvoicesList onPay={setPaying} />
      {paying && <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />}
    </Stack>
  );
};
