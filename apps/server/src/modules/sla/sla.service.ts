// The SLA policies screen's use cases (issue 40 point 3): a company's policies, each for one of its
// queues or its default, optionally one priority.
import type { SlaPolicyInput, SlaPolicyUpdateBody } from '@atende/shared/sla';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import * as repo from './sla.repo.ts';
import { toSlaPolicyView } from './sla.view.ts';

export const createSlaService = ({ db }: { db: Db }) => {
  const checkQueue = async (tenant: TenantContext, queueId: number | null | undefined) => {
    if (queueId == null) return;
    if (!(await repo.queueOfCompanyExists(db, tenant.companyId, queueId))) throw invalidField('body.queueId', 'sla.unknownQueue');
  };

  return {
    list: async (tenant: TenantContext) => ({ policies: (await repo.listPolicies(db, tenant.companyId)).map(toSlaPolicyView) }),

    create: async (tenant: TenantContext, body: SlaPolicyInput) => {
      await checkQueue(tenant, body.queueId);
      return toSlaPolicyView(await repo.insertPolicy(db, tenant.companyId, body));
    },

    update: async (tenant: TenantContext, policyId: number, body: SlaPolicyUpdateBody) => {
      await checkQueue(tenant, body.queueId);
      const current = await repo.findPolicy(db, tenant.companyId, policyId);
      if (!current) throw notFound();
      const next = { ...current, ...body };
      if (next.firstResponseMinutes === null && next.nextResponseMinutes === null && next.resolutionMinutes === null) {
        throw invalidField('body.firstResponseMinutes', 'sla.targetRequired');
      }
      const updated = await repo.updatePolicy(db, tenant.companyId, policyId, body);
      if (!updated) throw notFound();
      return toSlaPolicyView(updated);
    },

    remove: async (tenant: TenantContext, policyId: number) => {
      if (!(await repo.deletePolicy(db, tenant.companyId, policyId))) throw notFound();
      return { message: 'SLA policy deleted' };
    },
  };
};

export type SlaService = ReturnType<typeof createSlaService>;
