import { companiesEndpoints, type CompanyCreateBody, type CompanyUpdateBody, type SignupBody } from '@atende/shared/companies';
import { connectionsEndpoints } from '@atende/shared/connections';
import type { WeekdayServiceHours } from '@atende/shared/service-hours';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const companiesApi = {
  page: (searchParam: string, pageNumber: number) => callEndpoint(companiesEndpoints.page, { query: { searchParam, pageNumber } }),
  show: (id: number) => callEndpoint(companiesEndpoints.show, { params: { companyId: id } }),
  create: (body: CompanyCreateBody) => callEndpoint(companiesEndpoints.create, { body }),
  update: (id: number, body: CompanyUpdateBody) => callEndpoint(companiesEndpoints.update, { params: { companyId: id }, body }),
  remove: (id: number) => callEndpoint(companiesEndpoints.remove, { params: { companyId: id } }),
  saveServiceHours: (id: number, schedules: WeekdayServiceHours[]) => callEndpoint(companiesEndpoints.saveServiceHours, { params: { companyId: id }, body: { schedules } }),
  // the sign-up page's: called with no session
  signup: (body: SignupBody) => callEndpoint(companiesEndpoints.signup, { body }, { public: true }),
  allConnections: () => callEndpoint(connectionsEndpoints.everyCompany, { query: { session: 0 } }),
};

export const companiesQueryKeys = {
  all: ['companiesPlan'] as const,
  pages: (search: string) => ['companiesPlan', search] as const,
  // one company (the settings' schedules tab reads its own)
  one: (id: number) => ['companies', id] as const,
  allConnections: ['whatsapp', 'all'] as const,
};
