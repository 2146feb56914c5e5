// The user row behind a request (access.ts): who it is, its permission flags and its queues.
import { and, eq, sql } from 'drizzle-orm';
import { permissionFlags } from '@atende/shared/permissions';
import type { PlanFlag } from '@atende/shared/plans';
import type { Db } from '../db/client.ts';
import { companies, plans, refreshTokens, userQueues, users } from '../db/schema.ts';
import type { AccessClaims } from './tokens.ts';

// queueIds ride along with the user row: ticket visibility needs them on most requests, and one
// statement per request is cheaper than two.
const actorColumns = {
  id: users.id,
  companyId: users.companyId,
  profile: users.profile,
  super: users.super,
  mustChangePassword: users.mustChangePassword,
  ...Object.fromEntries(permissionFlags.map((flag) => [flag, users[flag]])),
  // the sign-in gate of 01-core §4 holds on every request, so a payment releases it at once
  companyDueDate: sql<string>`(select ${companies.dueDate}::text from ${companies} where ${companies.id} = ${users.companyId})`,
  queueIds: sql<number[]>`coalesce((select array_agg(${userQueues.queueId}) from ${userQueues} where ${userQueues.userId} = ${users.id} and ${userQueues.companyId} = ${users.companyId}), '{}')`,
} as const;

const ofUser = (companyId: number, userId: number) => and(eq(users.id, userId), eq(users.companyId, companyId));

export const findActor = async (db: Db, companyId: number, userId: number) => {
  const [row] = await db.select(actorColumns).from(users).where(ofUser(companyId, userId)).limit(1);
  return row;
};

// The actor of a sign-in that is still alive: its refresh-token family (the access token's session
// id) has a token neither revoked (logout, reuse) nor expired. Read with the user row, on the
// family index, so a logout ends the sign-in's access tokens at once. Every request runs it, so
// it is a prepared statement (one per database handle): parsed and planned once per connection.
const signedInActorStatement = (db: Db) =>
  db
    .select(actorColumns)
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        eq(users.companyId, sql.placeholder('companyId')),
        sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('sessionId')}
          and ${refreshTokens.userId} = ${users.id} and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > now())`,
      ),
    )
    .limit(1)
    .prepare('signed_in_actor');

const preparedSignedInActor = new WeakMap<Db, ReturnType<typeof signedInActorStatement>>();

export const findSignedInActor = async (db: Db, session: AccessClaims) => {
  let statement = preparedSignedInActor.get(db);
  if (!statement) {
    statement = signedInActorStatement(db);
    preparedSignedInActor.set(db, statement);
  }
  const [row] = await statement.execute({ companyId: session.companyId, userId: session.userId, sessionId: session.sessionId });
  return row;
};

// Whether the company's plan has a feature flag on; a company without a plan has none.
export const companyPlanAllows = async (db: Db, companyId: number, flag: PlanFlag) => {
  const [row] = await db
    .select({ allowed: plans[flag] })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.allowed === true;
};
