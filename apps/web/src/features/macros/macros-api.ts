import { macrosEndpoints as endpoints, type MacroBody, type MacroView } from '@atende/shared/automation';
import type { QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const macrosApi = {
  list: () => callEndpoint(endpoints.list),
  create: (body: MacroBody) => callEndpoint(endpoints.create, { body }),
  update: (id: number, body: MacroBody) => callEndpoint(endpoints.update, { params: { macroId: id }, body }),
  remove: (id: number) => callEndpoint(endpoints.remove, { params: { macroId: id } }),
  run: (id: number, ticketId: number) => callEndpoint(endpoints.run, { params: { macroId: id }, body: { ticketId } }),
};

export const macrosQueryKeys = {
  list: ['macros', 'list'] as const,
};

// the list answers the user's own and the shared ones by name, as the server orders them
const byName = (a: MacroView, b: MacroView) => a.name.localeCompare(b.name);

export const upsertMacroInCache = (client: QueryClient, macro: MacroView) =>
  client.setQueryData<MacroView[]>(macrosQueryKeys.list, (list) => list && [...list.filter((record) => record.id !== macro.id), macro].sort(byName));

export const removeMacroFromCache = (client: QueryClient, id: number) =>
  client.setQueryData<MacroView[]>(macrosQueryKeys.list, (list) => list?.filter((record) => record.id !== id));
