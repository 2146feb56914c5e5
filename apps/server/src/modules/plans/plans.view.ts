import { planFlags, type PlanFlags, type PlanView } from '@atende/shared/plans';
import type { PlanRow } from './plans.repo.ts';

export const toPlanView = (row: PlanRow): PlanView => {
  const amount = Number(row.amount);
  return {
    id: row.id,
    name: row.name,
    users: row.users,
    connections: row.connections,
    queues: row.queues,
    amount,
    value: amount,
    isPublic: row.isPublic,
    aiMonthlyTokens: row.aiMonthlyTokens,
    ...(Object.fromEntries(planFlags.map((flag) => [flag, row[flag]])) as PlanFlags),
  };
};
