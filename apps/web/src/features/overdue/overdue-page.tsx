import { invoiceStatuses, type InvoiceView } from '@atende/shared/invoices';
import { can } from '@atende/shared/permissions';
import { ReceiptLongOutlined } from '@mui/icons-material';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { AppLogo } from '../branding/app-logo.tsx';
import { usePublicSetting } from '../branding/use-public-setting.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { CheckoutDialog } from '../invoices/checkout-dialog.tsx';
import { CheckoutNotice } from '../invoices/checkout-notice.tsx';
import { InvoicesList } from '../invoices/invoices-list.tsx';
import { useInvoicesPages } from '../invoices/use-invoices.ts';
import { useOverdueMessage } from './overdue-message.ts';

export type OverdueState = { dueDate?: string };

// "Pay the open invoice" only over a list that has one (issue 35 point 5): the invoice is billed
// when the due date is set, but until it exists the page says what happens next.
const OpenInvoiceHint = () => {
  const { t } = useTranslation();
  const { data, isPending } = useInvoicesPages('');
  if (isPending) return null;
  const open = data?.pages.some((page) => page.invoices.some((invoice) => invoice.status !== invoiceStatuses.paid)) ?? false;
  return <Typography data-testid="overdue-pay-hint">{open ? t('overdue.payHere') : t('overdue.noOpenInvoice')}</Typography>;
};

// /financeiro-aberto: reachable signed in or not, so it stands outside the shell.
export const OverduePage = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const { user } = useSession();
  const state = location.state as OverdueState | null;
  const message = useOverdueMessage()(state?.dueDate ?? user?.company.dueDate);
  const [paying, setPaying] = useState<InvoiceView | null>(null);
  // an admin signed in despite the overdue date pays here (03-saas §2 Checkout dialog)
  const canPay = user !== null && can(user, 'financeiro:view');
  const supportContact = usePublicSetting('supportContact');
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: canPay ? 960 : 520, width: '100%', textAlign: 'center' }} data-testid="overdue-page">
        <Stack spacing={3} sx={{ alignItems: 'center' }}>
          <AppLogo variant="h5" />
          <ReceiptLongOutlined color="warning" sx={{ fontSize: 56 }} />
          <Typography variant="h6" component="h1" data-testid="overdue-message">
            {message}
          </Typography>
          {supportContact && <Typography data-testid="overdue-support-contact">{t('overdue.supportContact', { contact: supportContact })}</Typography>}
          {canPay && (
            <Stack spacing={1} sx={{ width: '100%', height: 360 }}>
              <OpenInvoiceHint />
              <CheckoutNotice />
              <InvoicesList onPay={setPaying} />
            </Stack>
          )}
          <Button component={Link} to="/login" variant="contained" data-testid="overdue-back">
            {t('overdue.backToLogin')}
          </Button>
        </Stack>
      </Paper>
      {paying && <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />}
    </Box>
  );
};
