import type { BotOptionType } from '@atende/shared/queues';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { queuesApi, queuesQueryKeys } from './queues-api.ts';

export type ChatbotOptionValues = { name: string; greetingMessage: string; queueType: BotOptionType; optFileId: number | null; optIntegrationId: number | null };

// A bot option row saves by itself (02-operations §3 Chatbot option): a new one under its queue, a
// saved one in place; only a file option keeps a file list, only an integration option its
// integration. The queues list is read again.
export const useSaveChatbotOption = (queueId: number, savedId: number | null) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ChatbotOptionValues) => {
      const body = {
        ...values,
        name: values.name.trim(),
        optFileId: values.queueType === 'file' ? values.optFileId : null,
        optIntegrationId: values.queueType === 'integration' ? values.optIntegrationId : null,
      };
      return savedId === null ? queuesApi.createOption({ ...body, queueId }) : queuesApi.updateOption(savedId, body);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queuesQueryKeys.list });
      toast.success(t('queues.chatbot.saved'));
    },
    onError: (error) => toastError(error),
  });
};

// A row never saved is only dropped from the screen.
export const useRemoveChatbotOption = (savedId: number | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (savedId !== null) await queuesApi.removeOption(savedId);
    },
    onSuccess: () => {
      if (savedId !== null) void queryClient.invalidateQueries({ queryKey: queuesQueryKeys.list });
    },
    onError: (error) => toastError(error),
  });
};
