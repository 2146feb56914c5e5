import { helpsEndpoints, type HelpBody } from '@atende/shared/helps';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const helpsApi = {
  list: () => callEndpoint(helpsEndpoints.list),
  create: (body: HelpBody) => callEndpoint(helpsEndpoints.create, { body }),
  update: (id: number, body: HelpBody) => callEndpoint(helpsEndpoints.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(helpsEndpoints.remove, { params: { id } }),
};

export const helpsQueryKeys = { list: ['helps', 'list'] as const };

// The Help page, the Helps tab and the menu item (shown only when it is not empty) share it.
export const useHelpsList = () => useQuery({ queryKey: helpsQueryKeys.list, queryFn: helpsApi.list, staleTime: 60_000 });
