// The SLA figures of the dashboard and the report (issue 40 point 3): the targets started in a
// period and decided since (met or breached), counted in one statement by queue, by owner and in
// all (grouping sets), with the queue and owner the ticket had when each was decided.
import type { SlaFigure, SlaFiguresAnswer } from '@atende/shared/dashboard';
import { and, eq, gte, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queues, slaTargets, users } from '../../db/schema.ts';

type Instants = { from: Date; to: Date };

const hitRate = (targets: number, metInTime: number) => (targets === 0 ? null : Math.round((metInTime / targets) * 10_000) / 100);

export const slaFigures = async (db: DbOrTx, companyId: number, period: Instants): Promise<SlaFiguresAnswer> => {
  const rows = await db
    .select({
      byQueue: sql<boolean>`grouping(${slaTargets.queueId}, ${queues.name}) = 0`,
      byUser: sql<boolean>`grouping(${slaTargets.userId}, ${users.name}) = 0`,
      queueId: slaTargets.queueId,
      queueName: queues.name,
      userId: slaTargets.userId,
      userName: users.name,
      targets: sql<number>`count(*)::int`,
      breached: sql<number>`(count(*) filter (where ${slaTargets.breachedAt} is not null))::int`,
    })
    .from(slaTargets)
    .leftJoin(queues, eq(queues.id, slaTargets.queueId))
    .leftJoin(users, eq(users.id, slaTargets.userId))
    .where(
      and(
        eq(slaTargets.companyId, companyId),
        gte(slaTargets.createdAt, period.from),
        lt(slaTargets.createdAt, period.to),
        or(isNotNull(slaTargets.metAt), isNotNull(slaTargets.breachedAt)),
      ),
    )
    .groupBy(sql`grouping sets ((${slaTargets.queueId}, ${queues.name}), (${slaTargets.userId}, ${users.name}), ())`)
    .orderBy(sql`count(*) desc`, slaTargets.queueId, slaTargets.userId);
  const figure = (row: { targets: number; breached: number }): SlaFigure => ({
    targets: row.targets,
    metInTime: row.targets - row.breached,
    breached: row.breached,
    hitRate: hitRate(row.targets, row.targets - row.breached),
  });
  const total = rows.find((row) => !row.byQueue && !row.byUser);
  return {
    total: total ? figure(total) : { targets: 0, metInTime: 0, breached: 0, hitRate: null },
    byQueue: rows.filter((row) => row.byQueue).map((row) => ({ queueId: row.queueId, queueName: row.queueName, ...figure(row) })),
    byUser: rows.filter((row) => row.byUser).map((row) => ({ userId: row.userId, userName: row.userName, ...figure(row) })),
  };
};
