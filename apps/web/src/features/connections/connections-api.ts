import { connectionsEndpoints, type ConnectionCreateInput, type ConnectionUpdateInput, type ConnectionView } from '@atende/shared/connections';
import type { QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const connectionsApi = {
  list: () => callEndpoint(connectionsEndpoints.list),
  get: (id: number) => callEndpoint(connectionsEndpoints.show, { params: { whatsappId: id } }),
  create: (body: ConnectionCreateInput) => callEndpoint(connectionsEndpoints.create, { body }),
  update: (id: number, body: ConnectionUpdateInput) => callEndpoint(connectionsEndpoints.update, { params: { whatsappId: id }, body }),
  remove: (id: number) => callEndpoint(connectionsEndpoints.remove, { params: { whatsappId: id } }),
};

// The connections screen and the connection pickers of other screens share the list (one GET /whatsapp answer).
export const connectionsQueryKeys = {
  list: ['whatsapp'] as const,
  one: (id: number) => ['connections', 'one', id] as const,
};

export const upsertConnectionInCache = (client: QueryClient, connection: ConnectionView) => {
  client.setQueryData<ConnectionView[]>(connectionsQueryKeys.list, (list) => {
    if (!list) return list;
    const next = list.some((row) => row.id === connection.id)
      ? list.map((row) => (row.id === connection.id ? connection : row))
      : [...list, connection];
    // only one default connection per company
    return connection.isDefault ? next.map((row) => (row.id === connection.id ? row : { ...row, isDefault: false })) : next;
  });
  client.setQueryData<ConnectionView>(connectionsQueryKeys.one(connection.id), (current) => (current ? connection : current));
};

export const removeConnectionFromCache = (client: QueryClient, connectionId: number) => {
  client.setQueryData<ConnectionView[]>(connectionsQueryKeys.list, (list) => list?.filter((row) => row.id !== connectionId));
  client.removeQueries({ queryKey: connectionsQueryKeys.one(connectionId) });
};

const pad = (value: number) => String(value).padStart(2, '0');

// dd/MM/yy HH:mm in local time
export const formatUpdatedAt = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear() % 100)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
