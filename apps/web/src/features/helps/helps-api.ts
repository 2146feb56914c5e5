import type { HelpBody, HelpView } from '@atende/shared/helps';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const helpsApi = {
  list: () => api.get<HelpView[]>('/helps/list'),
  create: (body: HelpBody) => api.post<HelpView>('/helps', body),
  update: (id: number, body: HelpBody) => api.put<HelpView>(`/helps/${id}`, body),
  remove: (id: number) => api.delete<void>(`/helps/${id}`),
};

export const helpsQueryKeys = { list: ['helps', 'list'] as const };

// The Help page, the Helps tab and the menu item (shown only when it is not empty) share it.
export const useHelpsList = () => useQuery({ queryKey: helpsQueryKeys.list, queryFn: helpsApi.list, staleTime: 60_000 });
