import type { SubscriptionInput } from '@atende/shared/invoices';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { invoicesApi, invoicesQueryKeys } from './invoices-api.ts';

export const useInvoicesPages = (search: string) =>
  useInfiniteQuery({
    queryKey: invoicesQueryKeys.pages(search),
    queryFn: ({ pageParam }) => invoicesApi.page(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useCheckoutAvailability = () => useQuery({ queryKey: invoicesQueryKeys.availability, queryFn: invoicesApi.availability });

export const useSubscribe = () => useMutation({ mutationFn: (body: SubscriptionInput) => invoicesApi.subscribe(body) });
