import type { AllConnectionsAnswer, CompaniesPage, CompanyCreateBody, CompanyUpdateBody, CompanyView } from '@atende/shared/companies';
import { api } from '../../lib/api-client.ts';

export const companiesApi = {
  page: (searchParam: string, pageNumber: number) => api.get<CompaniesPage>('/companiesPlan/', { searchParam, pageNumber }),
  create: (body: CompanyCreateBody) => api.post<CompanyView>('/companies', body),
  update: (id: number, body: CompanyUpdateBody) => api.put<CompanyView>(`/companies/${id}`, body),
  remove: (id: number) => api.delete<void>(`/companies/${id}`),
  allConnections: () => api.get<AllConnectionsAnswer>('/whatsapp/all/', { session: 0 }),
};

export const companiesQueryKeys = {
  all: ['companiesPlan'] as const,
  pages: (search: string) => ['companiesPlan', search] as const,
  allConnections: ['whatsapp', 'all'] as const,
};
