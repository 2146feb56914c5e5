import type { TagCreateBody, TagRecordView } from '@atende/shared/tags';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { useRemoveMutation } from '../../lib/use-remove-mutation.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { tagsApi, tagsQueryKeys } from './tags-api.ts';
import { removeTagFromCache, upsertTagInCache } from './tags-cache.ts';

const pickerStaleTime = 60_000;

export const useTagsList = () => useQuery({ queryKey: tagsQueryKeys.list, queryFn: tagsApi.list, staleTime: pickerStaleTime });

export const useKanbanLanes = () => useQuery({ queryKey: tagsQueryKeys.kanbanLanes, queryFn: tagsApi.kanbanLanes, staleTime: pickerStaleTime });

export const useTagsPages = (search: string, kanban?: 0 | 1) =>
  useInfiniteQuery({
    queryKey: tagsQueryKeys.pages(search, kanban),
    queryFn: ({ pageParam }) => tagsApi.page(search, pageParam, kanban),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useTag = (id: number | null) =>
  useQuery({ queryKey: tagsQueryKeys.one(id ?? 0), queryFn: () => tagsApi.get(id ?? 0), enabled: id !== null, staleTime: 0 });

// company{id}-tag keeps the tag lists current (02-operations §4).
export const useTagEvents = () => {
  const queryClient = useQueryClient();
  useCompanyEvent('tag', (payload) => {
    if (payload.action === 'delete') removeTagFromCache(queryClient, payload.tagId);
    else upsertTagInCache(queryClient, payload.tag);
  });
};

export const useSaveTag = (tag: TagRecordView | null) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: (values: TagCreateBody) => (tag ? tagsApi.update(tag.id, values) : tagsApi.create(values)),
    store: upsertTagInCache,
    savedToast: t('tags.toasts.saved'),
  });
};

export const useRemoveTag = () => {
  const { t } = useTranslation();
  return useRemoveMutation({ remove: tagsApi.remove, forget: removeTagFromCache, removedToast: t('tags.toasts.deleted') });
};

// DELETE /tags-contacts/{tagId}/{contactId}: the tag's contacts are read again.
export const useRemoveTagContact = (tagId: number | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) => tagsApi.removeContact(tagId ?? 0, contactId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagsQueryKeys.one(tagId ?? 0) }),
    onError: (error) => toastError(error),
  });
};
