// The user row behind a request (access.ts): who it is, its permission flags and its queues.
import { and, eq, sql } from 'drizzle-orm';
import { permissionFlags } from '@atende/shared/permissions';
import type { PlanFlag } from '@atende/shared/plans';
import type { Db, DbOrTx } from '../db/client.ts';
import { preparedSelect } from '../db/prepared-statement.ts';
import { apiKeys, companies, companySettings, globalSettings, plans, refreshTokens, userQueues, users } from '../db/schema.ts';
import { coalescingRows } from './coalesce.ts';
import type { AccessClaims } from './tokens.ts';

// Two-factor sign-in is required of the user: by the company's twoFactorRequired, or for an admin
// by the platform's twoFactorRequiredForAdmins (issue 38 point 4).
const twoFactorRequired = sql<boolean>`(exists (select 1 from ${companySettings} where ${companySettings.companyId} = ${users.companyId}
    and ${companySettings.key} = 'twoFactorRequired' and ${companySettings.value} = 'enabled')
  or (${users.profile} = 'admin' and exists (select 1 from ${globalSettings}
    where ${globalSettings.key} = 'twoFactorRequiredForAdmins' and ${globalSettings.value} = 'enabled')))`;
// Required and not on yet: read with the actor on every request, so a requirement turned on holds
// at once for open sessions too.
const mustEnrollTwoFactor = sql<boolean>`(${users.totpEnabledAt} is null and ${twoFactorRequired})`;

// queueIds ride along with the user row: ticket visibility needs them on most requests, and one
// statement per request is cheaper than two.
const actorColumns = {
  id: users.id,
  companyId: users.companyId,
  profile: users.profile,
  super: users.super,
  mustChangePassword: users.mustChangePassword,
  mustEnrollTwoFactor,
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

// The actors of sign-ins that are still alive: each refresh-token family (the access token's
// session id) has a token neither revoked (logout, reuse) nor expired. Read with the user row, on
// the family index, so a logout ends the sign-in's access tokens at once. Every request runs it:
// it is a prepared statement (parsed and planned once per connection), and the checks of the
// requests that arrive in one turn of the event loop are answered by one run of it.
const signedInActorsStatement = (db: Db) =>
  preparedSelect(
    db,
    db
      .select({ sessionId: sql<string>`asked.session_id::text`, ...actorColumns })
      .from(sql`unnest(${sql.placeholder('userIds')}::int[], ${sql.placeholder('companyIds')}::int[], ${sql.placeholder('sessionIds')}::uuid[]) as asked(user_id, company_id, session_id)`)
      .innerJoin(users, and(eq(users.id, sql`asked.user_id`), eq(users.companyId, sql`asked.company_id`)))
      .where(
        sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = asked.session_id
          and ${refreshTokens.userId} = ${users.id} and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > now())`,
      ),
    'signed_in_actors',
  );

type SignedInActor = Awaited<ReturnType<ReturnType<typeof signedInActorsStatement>['execute']>>[number];

// a uuid reads back in lower case
const sessionKey = (session: AccessClaims) => `${session.userId}:${session.companyId}:${session.sessionId.toLowerCase()}`;

const signedInActorLoaders = new WeakMap<Db, (session: AccessClaims) => Promise<SignedInActor | undefined>>();

export const findSignedInActor = async (db: Db, session: AccessClaims) => {
  let load = signedInActorLoaders.get(db);
  if (!load) {
    const statement = signedInActorsStatement(db);
    load = coalescingRows(
      sessionKey,
      (sessions: AccessClaims[]) =>
        statement.execute({
          userIds: sessions.map((asked) => asked.userId),
          companyIds: sessions.map((asked) => asked.companyId),
          sessionIds: sessions.map((asked) => asked.sessionId),
        }),
      (row) => sessionKey({ userId: row.id, companyId: row.companyId, sessionId: row.sessionId }),
    );
    signedInActorLoaders.set(db, load);
  }
  const actor = await load(session);
  if (!actor) return undefined;
  const { sessionId: _, ...row } = actor;
  return row;
};

// Whether two-factor sign-in is required of the user, and whether it must still be turned on.
export const findTwoFactorRequirement = async (db: DbOrTx, companyId: number, userId: number) => {
  const [row] = await db.select({ required: twoFactorRequired, mustEnroll: mustEnrollTwoFactor }).from(users).where(ofUser(companyId, userId)).limit(1);
  return { required: row?.required === true, mustEnroll: row?.mustEnroll === true };
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

// The key behind an API call (issue 37 point 2) with the actor of its user, read by the key's
// hash in one statement: whether the key still holds (not revoked, not expired) and whether the
// company's plan still has the external API are answered with it.
export const findApiKeyActor = async (db: Db, keyHash: string) => {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      usable: sql<boolean>`${apiKeys.revokedAt} is null and (${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`,
      planAllows: sql<boolean>`coalesce((select ${plans.useExternalApi} from ${companies} join ${plans} on ${plans.id} = ${companies.planId} where ${companies.id} = ${apiKeys.companyId}), false)`,
      ...actorColumns,
    })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.userId), eq(users.companyId, apiKeys.companyId)))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  return row;
};

// At most once a minute per key, whichever process sees the call first.
export const touchApiKey = async (db: Db, keyId: number) => {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, keyId), sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`));
};
