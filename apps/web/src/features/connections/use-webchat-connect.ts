import { originsOfText, type WebchatConnectionForm } from '@atende/shared/webchat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';
import { upsertConnectionInCache } from './connections-api.ts';
import { sessionApi } from './session-api.ts';

// A web chat connection is ready at once: the answer carries its public id for the snippet.
export const useCreateWebchat = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ allowedOrigins, ...values }: WebchatConnectionForm) => sessionApi.createWebchat({ ...values, allowedOrigins: originsOfText(allowedOrigins) }),
    onSuccess: (connection) => {
      upsertConnectionInCache(queryClient, connection);
      toast.success(t('connections.toasts.saved'));
    },
  });
};
