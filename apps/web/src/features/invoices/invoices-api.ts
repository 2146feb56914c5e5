import { invoicesEndpoints, type SubscriptionInput } from '@atende/shared/invoices';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const invoicesApi = {
  page: (searchParam: string, pageNumber: number) => callEndpoint(invoicesEndpoints.page, { query: { searchParam, pageNumber } }),
  subscribe: (body: SubscriptionInput) => callEndpoint(invoicesEndpoints.subscribe, { body }),
  availability: () => callEndpoint(invoicesEndpoints.availability),
};

export const invoicesQueryKeys = {
  all: ['invoices'] as const,
  pages: (search: string) => ['invoices', 'pages', search] as const,
  availability: ['invoices', 'availability'] as const,
};
