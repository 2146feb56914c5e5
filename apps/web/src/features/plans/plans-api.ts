import { plansEndpoints, type PlanBody, type PlanUpdateBody } from '@atende/shared/plans';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const plansApi = {
  all: () => callEndpoint(plansEndpoints.list),
  // the sign-up page's: called with no session
  publicList: () => callEndpoint(plansEndpoints.publicList, {}, { public: true }),
  create: (body: PlanBody) => callEndpoint(plansEndpoints.create, { body }),
  update: (id: number, body: PlanUpdateBody) => callEndpoint(plansEndpoints.update, { params: { planId: id }, body }),
  remove: (id: number) => callEndpoint(plansEndpoints.remove, { params: { planId: id } }),
};

export const plansQueryKeys = {
  // both lists below start with it, so a change refreshes each
  root: ['plans'] as const,
  all: ['plans', 'all'] as const,
  publicList: ['plans', 'list'] as const,
};

