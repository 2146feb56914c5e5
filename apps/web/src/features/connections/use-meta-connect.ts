import type { ConnectionChannel } from '@atende/shared/connections';
import type { cloudConnectionBody, facebookConnectBody } from '@atende/shared/meta-channels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toast } from '../../lib/toast.ts';
import { upsertConnectionInCache } from './connections-api.ts';
import { sessionApi } from './session-api.ts';

export type CloudConnectionValues = z.input<typeof cloudConnectionBody>;
export type FacebookConnectValues = z.input<typeof facebookConnectBody>;

// The server checks the Cloud API number id and token against Meta before it saves the connection.
export const useConnectCloudApi = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CloudConnectionValues) => sessionApi.connectCloudApi(values),
    onSuccess: (connection) => {
      upsertConnectionInCache(queryClient, connection);
      toast.success(t('connections.toasts.saved'));
    },
  });
};

// POST /facebook: every page the user token reaches becomes a connection (with Instagram, its account too).
export const useConnectFacebook = (channel: Extract<ConnectionChannel, 'facebook' | 'instagram'> | null) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: FacebookConnectValues) => sessionApi.connectFacebook({ ...values, addInstagram: channel === 'instagram' }),
    onSuccess: (connected) => {
      for (const connection of connected) upsertConnectionInCache(queryClient, connection);
      toast.success(t('connections.facebook.connected', { total: connected.length }));
    },
  });
};
