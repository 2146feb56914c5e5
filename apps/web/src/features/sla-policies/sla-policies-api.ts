import { slaEndpoints, type SlaPoliciesAnswer, type SlaPolicyBody, type SlaPolicyUpdateBody, type SlaPolicyView } from '@atende/shared/sla';
import type { QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const slaPoliciesApi = {
  list: () => callEndpoint(slaEndpoints.list, {}),
  create: (body: SlaPolicyBody) => callEndpoint(slaEndpoints.create, { body }),
  update: (id: number, body: SlaPolicyUpdateBody) => callEndpoint(slaEndpoints.update, { params: { policyId: id }, body }),
  remove: (id: number) => callEndpoint(slaEndpoints.remove, { params: { policyId: id } }),
};

export const slaPoliciesQueryKeys = { list: ['sla-policies'] as const };

export const upsertPolicyInCache = (client: QueryClient, policy: SlaPolicyView) =>
  client.setQueryData<SlaPoliciesAnswer>(slaPoliciesQueryKeys.list, (answer) => {
    if (!answer) return answer;
    const known = answer.policies.some((row) => row.id === policy.id);
    return { policies: known ? answer.policies.map((row) => (row.id === policy.id ? policy : row)) : [...answer.policies, policy] };
  });

export const removePolicyFromCache = (client: QueryClient, policyId: number) =>
  client.setQueryData<SlaPoliciesAnswer>(slaPoliciesQueryKeys.list, (answer) => answer && { policies: answer.policies.filter((row) => row.id !== policyId) });
