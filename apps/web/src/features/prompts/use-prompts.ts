import type { PromptBody, PromptView } from '@atende/shared/prompts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { promptsApi, promptsQueryKeys, removePromptFromCache, upsertPromptInCache } from './prompts-api.ts';

export const usePrompts = () => useQuery({ queryKey: promptsQueryKeys.list, queryFn: promptsApi.list });

// The connection dialog's prompt picker shares the list; company-{id}-prompt keeps it current.
export const usePromptOptions = (enabled: boolean) =>
  useQuery({ queryKey: promptsQueryKeys.list, queryFn: promptsApi.list, enabled, staleTime: 60_000 });

export const usePrompt = (id: number | null) =>
  useQuery({ queryKey: promptsQueryKeys.one(id ?? 0), queryFn: () => promptsApi.get(id ?? 0), enabled: id !== null, staleTime: 0 });

export const usePromptEvents = () => {
  const queryClient = useQueryClient();
  useCompanyEvent('prompt', (payload) => {
    if (payload.action === 'delete') removePromptFromCache(queryClient, payload.promptId);
    else upsertPromptInCache(queryClient, payload.prompt);
  });
};

// the form's values: no queue is '' there; an edit without one leaves it unchanged
export type PromptFormValues = {
  name: string;
  prompt: string;
  apiKey: string;
  queueId: number | '';
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  voice: PromptBody['voice'];
  voiceKey: string;
  voiceRegion: string;
};

export const useSavePrompt = (prompt: PromptView | null) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: (values: PromptFormValues) => {
      const body = { ...values, queueId: values.queueId === '' ? undefined : values.queueId };
      return prompt ? promptsApi.update(prompt.id, body) : promptsApi.create({ ...body, queueId: body.queueId ?? 0 });
    },
    store: upsertPromptInCache,
    savedToast: t('prompts.toasts.saved'),
  });
};
