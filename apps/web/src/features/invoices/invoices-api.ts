import type { CheckoutAvailability, InvoicesPage, PixChargeAnswer, SubscriptionInput } from '@atende/shared/invoices';
import { api } from '../../lib/api-client.ts';

export const invoicesApi = {
  page: (searchParam: string, pageNumber: number) => api.get<InvoicesPage>('/invoices', { searchParam, pageNumber }),
  subscribe: (body: SubscriptionInput) => api.post<PixChargeAnswer>('/subscription', body),
  availability: () => api.get<CheckoutAvailability>('/subscription'),
};

export const invoicesQueryKeys = {
  all: ['invoices'] as const,
  pages: (search: string) => ['invoices', 'pages', search] as const,
  availability: ['invoices', 'availability'] as const,
};
