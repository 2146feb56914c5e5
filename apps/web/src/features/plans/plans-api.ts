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
  // both lists below start with it, so a change refreshes each
  root: ['plans'] as const,
  all: ['plans', 'all'] as const,
  publicList: ['plans', 'list'] as const,
};

