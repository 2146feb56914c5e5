import type { ConnectionChannel, ConnectionUpdateInput, ConnectionView } from '@atende/shared/connections';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { toast } from '../../lib/toast.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { connectionsApi, connectionsQueryKeys, removeConnectionFromCache, upsertConnectionInCache } from './connections-api.ts';

export const useConnections = () => useQuery({ queryKey: connectionsQueryKeys.list, queryFn: connectionsApi.list });

// Pickers on other screens: the list changes rarely and company-{id}-whatsapp updates it.
export const useConnectionOptions = (enabled = true) =>
  useQuery({ queryKey: connectionsQueryKeys.list, queryFn: connectionsApi.list, enabled, staleTime: 60_000 });

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => connectionsApi.remove(id),
    onSuccess: (_, id) => {
      removeConnectionFromCache(queryClient, id);
      toast.success(t('connections.toasts.deleted'));
    },
    onError: (error) => toastError(error),
  });
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
