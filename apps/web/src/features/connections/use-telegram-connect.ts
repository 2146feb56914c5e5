import type { telegramConnectionBody } from '@atende/shared/telegram';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toast } from '../../lib/toast.ts';
import { upsertConnectionInCache } from './connections-api.ts';
import { sessionApi } from './session-api.ts';

export type TelegramConnectionValues = z.input<typeof telegramConnectionBody>;

// The server checks the bot token with Telegram and sets itself as the bot's webhook before it answers.
export const useConnectTelegram = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TelegramConnectionValues) => sessionApi.connectTelegram(values),
    onSuccess: (connection) => {
      upsertConnectionInCache(queryClient, connection);
      toast.success(t('connections.toasts.saved'));
    },
  });
};
