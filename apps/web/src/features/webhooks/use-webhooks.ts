import type { WebhookEndpointBody, WebhookEndpointView, WebhookEndpointWithSecret } from '@atende/shared/webhooks';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { webhooksApi, webhooksQueryKeys } from './webhooks-api.ts';

export const useWebhookEndpoints = (enabled = true) => useQuery({ queryKey: webhooksQueryKeys.list, queryFn: webhooksApi.list, enabled });

export const refreshWebhookEndpoints = (client: QueryClient) => client.invalidateQueries({ queryKey: webhooksQueryKeys.list });

// A creation answers the secret, shown once; an edit answers the endpoint alone.
export const useSaveWebhookEndpoint = (endpoint: WebhookEndpointView | null) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: (values: WebhookEndpointBody): Promise<WebhookEndpointView | WebhookEndpointWithSecret> =>
      endpoint ? webhooksApi.update(endpoint.id, values) : webhooksApi.create(values),
    store: refreshWebhookEndpoints,
    savedToast: t('webhooks.toasts.saved'),
  });
};

export const useRotateWebhookSecret = (onSecret: (answer: WebhookEndpointWithSecret) => void) =>
  useMutation({ mutationFn: (endpoint: WebhookEndpointView) => webhooksApi.rotateSecret(endpoint.id), onSuccess: onSecret, onError: (error) => toastError(error) });

export const useWebhookDeliveries = (endpointId: number) =>
  useQuery({ queryKey: webhooksQueryKeys.deliveries(endpointId), queryFn: () => webhooksApi.deliveries(endpointId), refetchInterval: 3000 });

export const useSendWebhookTest = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: number) => webhooksApi.sendTest(endpointId),
    onSuccess: async (_delivery, endpointId) => {
      await queryClient.invalidateQueries({ queryKey: webhooksQueryKeys.deliveries(endpointId) });
      toast.success(t('webhooks.toasts.testQueued'));
    },
    onError: (error) => toastError(error),
  });
};

export const useResendWebhookDelivery = (endpointId: number) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => webhooksApi.resend(endpointId, deliveryId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: webhooksQueryKeys.deliveries(endpointId) });
      toast.success(t('webhooks.toasts.resent'));
    },
    onError: (error) => toastError(error),
  });
};
