import type { PromptBody, PromptsAnswer, PromptUpdateBody, PromptView } from '@atende/shared/prompts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const promptsApi = {
  list: () => api.get<PromptsAnswer>('/prompt'),
  get: (id: number) => api.get<PromptView>(`/prompt/${id}`),
  create: (body: PromptBody) => api.post<PromptView>('/prompt', body),
  update: (id: number, body: PromptUpdateBody) => api.put<PromptView>(`/prompt/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/prompt/${id}`),
};

export const promptsQueryKeys = {
  list: ['prompt'] as const,
  one: (id: number) => ['prompt', 'one', id] as const,
};

export const upsertPromptInCache = (client: QueryClient, prompt: PromptView) => {
  client.setQueryData<PromptsAnswer>(promptsQueryKeys.list, (answer) => {
    if (!answer) return answer;
    const known = answer.prompts.some((row) => row.id === prompt.id);
    return { prompts: known ? answer.prompts.map((row) => (row.id === prompt.id ? prompt : row)) : [...answer.prompts, prompt] };
  });
  client.setQueryData<PromptView>(promptsQueryKeys.one(prompt.id), (current) => (current ? prompt : current));
};

export const removePromptFromCache = (client: QueryClient, promptId: number) => {
  client.setQueryData<PromptsAnswer>(promptsQueryKeys.list, (answer) => answer && { prompts: answer.prompts.filter((row) => row.id !== promptId) });
  client.removeQueries({ queryKey: promptsQueryKeys.one(promptId) });
};
