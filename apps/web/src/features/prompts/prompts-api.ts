import { promptsEndpoints, type PromptBody, type PromptsAnswer, type PromptUpdateBody, type PromptView } from '@atende/shared/prompts';
import type { QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const promptsApi = {
  list: () => callEndpoint(promptsEndpoints.list),
  get: (id: number) => callEndpoint(promptsEndpoints.show, { params: { promptId: id } }),
  create: (body: PromptBody) => callEndpoint(promptsEndpoints.create, { body }),
  update: (id: number, body: PromptUpdateBody) => callEndpoint(promptsEndpoints.update, { params: { promptId: id }, body }),
  remove: (id: number) => callEndpoint(promptsEndpoints.remove, { params: { promptId: id } }),
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
