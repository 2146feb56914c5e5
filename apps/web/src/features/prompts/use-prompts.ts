import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
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
