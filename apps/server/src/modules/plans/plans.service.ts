// Plans CRUD for the super admin and the public list sign-up offers (03-saas §2 Plans tab, §7).
import type { PlanBody, PlanUpdateBody } from '@atende/shared/plans';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
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

  create: async (body: PlanBody) => toPlanView(await repo.insertPlan(db, body).catch(duplicateName)),

  update: async (planId: number, body: PlanUpdateBody) => {
    const row = await repo.updatePlan(db, planId, body).catch(duplicateName);
    if (!row) throw notFound();
    return toPlanView(row);
  },

  // A plan its companies still use stays: their limits and flags are read from it on every request.
  remove: (planId: number) =>
    withTransaction(db, async (tx) => {
      if (!(await repo.findPlan(tx, planId))) throw notFound();
      if ((await repo.countCompaniesOnPlan(tx, planId)) > 0) throw new AppError('ERR_PLAN_IN_USE', 409);
      await repo.deletePlan(tx, planId);
    }),
});

export type PlansService = ReturnType<typeof createPlansService>;
