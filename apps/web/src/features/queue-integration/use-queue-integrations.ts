import type { IntegrationType, integrationLanguages, QueueIntegrationTestBody, QueueIntegrationView } from '@atende/shared/queue-integrations';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { queueIntegrationApi, upsertIntegrationInCache } from './queue-integration-api.ts';

export type QueueIntegrationFormValues = {
  type: IntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: (typeof integrationLanguages)[number];
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
};

export const useSaveQueueIntegration = (integration: QueueIntegrationView | null) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: (values: QueueIntegrationFormValues) => (integration ? queueIntegrationApi.update(integration.id, values) : queueIntegrationApi.create(values)),
    store: upsertIntegrationInCache,
    savedToast: t(integration ? 'queueIntegration.toasts.edited' : 'queueIntegration.toasts.added'),
  });
};

// 02-operations §5: a dialogflow agent is asked once with the service account typed in.
export const useTestIntegrationSession = () => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: QueueIntegrationTestBody) => queueIntegrationApi.testSession(body),
    onSuccess: () => toast.success(t('queueIntegration.toasts.tested')),
  });
};
