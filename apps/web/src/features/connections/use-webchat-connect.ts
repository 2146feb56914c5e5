import { originsOfText, type WebchatConnectionForm, type WebchatConnectionSettings } from '@atende/shared/webchat';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';
import { upsertConnectionInCache } from './connections-api.ts';
import { sessionApi } from './session-api.ts';

export const webchatQueryKeys = {
  settings: (id: number) => ['webchat', 'connection', id] as const,
};

// the form writes the allowed websites one per line; the body carries them as a list
const toBody = ({ allowedOrigins, ...values }: WebchatConnectionForm) => ({ ...values, allowedOrigins: originsOfText(allowedOrigins) });

export const toWebchatForm = ({ allowedOrigins, ...settings }: WebchatConnectionSettings): WebchatConnectionForm => ({ ...settings, allowedOrigins: allowedOrigins.join('\n') });

// A web chat connection is ready at once: the answer carries its public id for the snippet.
export const useCreateWebchat = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: WebchatConnectionForm) => sessionApi.createWebchat(toBody(values)),
    onSuccess: (connection) => {
      upsertConnectionInCache(queryClient, connection);
      toast.success(t('connections.toasts.saved'));
    },
  });
};

// A web chat connection's own settings (allowed websites, colour, greeting, pre-chat form), which
// the common connection dialog does not edit; read fresh each time the form opens.
export const useWebchatSettings = (id: number | null) =>
  useQuery({ queryKey: webchatQueryKeys.settings(id ?? 0), queryFn: () => sessionApi.webchatSettings(id ?? 0), enabled: id !== null, staleTime: 0, gcTime: 0 });

export const useUpdateWebchat = (id: number) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: WebchatConnectionForm) => sessionApi.updateWebchat(id, toBody(values)),
    onSuccess: (connection) => {
      upsertConnectionInCache(queryClient, connection);
      void queryClient.invalidateQueries({ queryKey: webchatQueryKeys.settings(id) });
      toast.success(t('connections.toasts.saved'));
    },
  });
};
