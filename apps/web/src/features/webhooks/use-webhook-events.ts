import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { toast } from '../../lib/toast.ts';
import { refreshWebhookEndpoints } from './use-webhooks.ts';

// An endpoint the server switched off for failing too long (issue 37 point 1): the server sends it
// to the company's admins only, who are told wherever they are, and the list shows it.
export const useWebhookEvents = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useCompanyEvent('webhook', (payload) => {
    toast.error(t('webhooks.toasts.disabled', { url: payload.endpoint.url }));
    void refreshWebhookEndpoints(queryClient);
  });
};
