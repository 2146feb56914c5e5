import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketsApi } from '../tickets-api.ts';
import { ticketsQueryKeys, upsertMessageInCache } from '../list/tickets-cache.ts';

// Page 1 holds the newest messages; older pages load as the list scrolls up (01-core §9).
export const useMessages = (ticketId: number) =>
  useInfiniteQuery({
    queryKey: ticketsQueryKeys.messages(ticketId),
    queryFn: ({ pageParam }) => ticketsApi.messages(ticketId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    staleTime: 0,
  });

// DELETE /messages/{messageId}: the answer is the message marked deleted, which replaces it in the chat.
export const useDeleteMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => ticketsApi.deleteMessage(messageId),
    onSuccess: (deleted) => upsertMessageInCache(queryClient, deleted),
  });
};
