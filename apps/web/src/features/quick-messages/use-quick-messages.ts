import type { quickMessageBody, QuickMessageView } from '@atende/shared/quick-messages';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { quickMessagesApi, quickMessagesQueryKeys, removeQuickMessageFromCache, upsertQuickMessageInCache } from './quick-messages-api.ts';

export const useQuickMessagesPages = (search: string) =>
  useInfiniteQuery({
    queryKey: quickMessagesQueryKeys.pages(search),
    queryFn: ({ pageParam }) => quickMessagesApi.page(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useQuickMessagesList = (enabled: boolean) =>
  useQuery({ queryKey: quickMessagesQueryKeys.list, queryFn: quickMessagesApi.list, enabled, staleTime: 60_000 });

// company-{id}-quickmessage keeps the lists current.
export const useQuickMessageEvents = () => {
  const queryClient = useQueryClient();
  useCompanyEvent('quickmessage', (payload) => {
    if (payload.action === 'delete') removeQuickMessageFromCache(queryClient, payload.id);
    else upsertQuickMessageInCache(queryClient, payload.record);
  });
};

// the form's values go as typed; the server fills what is left out
export type QuickMessageFormValues = z.input<typeof quickMessageBody>;

// the file picked is sent after the save; a removed one is dropped then
type MediaChange = { file: File | null; dropMedia: boolean };

export const useSaveQuickMessage = (record: QuickMessageView | null, { file, dropMedia }: MediaChange) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: async (values: QuickMessageFormValues) => {
      let saved = record ? await quickMessagesApi.update(record.id, values) : await quickMessagesApi.create({ ...values, status: 'active' });
      if (file) saved = await quickMessagesApi.uploadMedia(saved.id, file);
      else if (dropMedia && saved.mediaPath) saved = await quickMessagesApi.removeMedia(saved.id);
      return saved;
    },
    store: upsertQuickMessageInCache,
    savedToast: t('quickMessages.toasts.saved'),
  });
};
