import type { PlanBody, PlanUpdateBody, PlanView } from '@atende/shared/plans';
import { api } from '../../lib/api-client.ts';

export const plansApi = {
  all: () => api.get<PlanView[]>('/plans/all'),
  publicList: () => api.get<PlanView[]>('/plans/list'),
  create: (body: PlanBody) => api.post<PlanView>('/plans', body),
  update: (id: number, body: PlanUpdateBody) => api.put<PlanView>(`/plans/${id}`, body),
  remove: (id: number) => api.delete<void>(`/plans/${id}`),
};

export const plansQueryKeys = {
  all: ['plans', 'all'] as const,
  publicList: ['plans', 'list'] as const,
};

// 03-saas §2 Plans tab: an option shows name, attendants, WhatsApp connections, queues and price.
export const formatPrice = (amount: number) => amount.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 });
