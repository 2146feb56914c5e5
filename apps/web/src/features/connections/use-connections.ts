import { channelCan, type ChannelCapability } from '@atende/shared/channel-capabilities';
import type { ConnectionChannel, ConnectionUpdateInput, ConnectionView } from '@atende/shared/connections';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { useRemoveMutation } from '../../lib/use-remove-mutation.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { connectionsApi, connectionsQueryKeys, removeConnectionFromCache, upsertConnectionInCache } from './connections-api.ts';

export const useConnections = () => useQuery({ queryKey: connectionsQueryKeys.list, queryFn: connectionsApi.list });

// Pickers on other screens: the list changes rarely and company-{id}-whatsapp updates it.
export const useConnectionOptions = (enabled = true) =>
  useQuery({ queryKey: connectionsQueryKeys.list, queryFn: connectionsApi.list, enabled, staleTime: 60_000 });

// A picker for a feature offers only the connections whose channel can do it (issue 41 point 4).
export const useCapableConnectionOptions = (capability: ChannelCapability) => {
  const { data = [] } = useConnectionOptions();
  return data.filter((connection) => channelCan(connection.channel, capability));
};

export const useConnection = (id: number | null) =>
  useQuery({
    queryKey: connectionsQueryKeys.one(id ?? 0),
    queryFn: () => connectionsApi.get(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
  });

// company-{id}-whatsapp keeps the list current.
export const useConnectionEvents = () => {
  const queryClient = useQueryClient();
  useCompanyEvent('whatsapp', (payload) => {
    if (payload.action === 'delete') removeConnectionFromCache(queryClient, payload.whatsappId);
    else upsertConnectionInCache(queryClient, payload.whatsapp);
  });
};

export const useRemoveConnection = () => {
  const { t } = useTranslation();
  return useRemoveMutation({ remove: connectionsApi.remove, forget: removeConnectionFromCache, removedToast: t('connections.toasts.deleted') });
};

// A new connection is created on the channel picked, with the name typed; an edit sends its changes.
export const useSaveConnection = (connection: ConnectionView | null, channel: ConnectionChannel) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: ({ body, name }: { body: ConnectionUpdateInput; name: string }) =>
      connection ? connectionsApi.update(connection.id, body) : connectionsApi.create({ ...body, name, channel }),
    store: upsertConnectionInCache,
    savedToast: t('connections.toasts.saved'),
  });
};
