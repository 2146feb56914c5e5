import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCheckoutAvailability } from './use-invoices.ts';

// Said before a checkout is started (issue 35 point 5): without a configured Pix provider the
// last step could only fail, so the screen names whom to contact instead.
export const CheckoutNotice = () => {
  const { t } = useTranslation();
  const { data } = useCheckoutAvailability();
  if (!data || data.pixAvailable) return null;
  return (
    <Alert severity="info" data-testid="checkout-unavailable">
      {data.supportContact ? t('invoices.unavailable.withContact', { contact: data.supportContact }) : t('invoices.unavailable.noContact')}
    </Alert>
  );
};
