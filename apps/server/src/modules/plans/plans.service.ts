// Plans CRUD for the super admin and the public list sign-up offers (03-saas §2 Plans tab, §7).
import type { PlanBody, PlanUpdateBody } from '@atende/shared/plans';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { recordAudit, recordUpdate, type AuditActor } from '../audit/audit.steps.ts';
import * as repo from './plans.repo.ts';
import { toPlanView } from './plans.view.ts';

const duplicateName = (error: unknown): never => {
  if (isUniqueViolation(error, 'plans_name_key')) throw invalidField('body.name', 'validation.duplicated');
  throw error;
};

export const createPlansService = ({ db }: { db: Db }) => ({
  listAll: async () => (await repo.listPlans(db, { publicOnly: false })).map(toPlanView),

  listPublic: async () => (await repo.listPlans(db, { publicOnly: true })).map(toPlanView),

  show: async (planId: number) => {
    const row = await repo.findPlan(db, planId);
    if (!row) throw notFound();
    return toPlanView(row);
  },

  // plans are the platform's own: their entries belong to no company
  create: async (body: PlanBody, actor: AuditActor) => {
    const row = await withTransaction(db, async (tx) => {
      const inserted = await repo.insertPlan(tx, body);
      await recordAudit(tx, actor, { companyId: null, action: 'plan.create', entityType: 'plan', entityId: inserted.id, after: inserted });
      return inserted;
    }).catch(duplicateName);
    return toPlanView(row);
  },

  update: async (planId: number, body: PlanUpdateBody, actor: AuditActor) => {
    const row = await withTransaction(db, async (tx) => {
      const current = await repo.findPlan(tx, planId);
      if (!current) throw notFound();
      const updated = await repo.updatePlan(tx, planId, body);
      await recordUpdate(tx, actor, { companyId: null, action: 'plan.update', entityType: 'plan', entityId: planId }, current, updated);
      return updated;
    }).catch(duplicateName);
    return toPlanView(row);
  },

  // A plan its companies still use stays: their limits and flags are read from it on every request.
  remove: (planId: number, actor: AuditActor) =>
    withTransaction(db, async (tx) => {
      const current = await repo.findPlan(tx, planId);
      if (!current) throw notFound();
      if ((await repo.countCompaniesOnPlan(tx, planId)) > 0) throw new AppError('ERR_PLAN_IN_USE', 409);
      await repo.deletePlan(tx, planId);
      await recordAudit(tx, actor, { companyId: null, action: 'plan.delete', entityType: 'plan', entityId: planId, before: current });
    }),
});

export type PlansService = ReturnType<typeof createPlansService>;
