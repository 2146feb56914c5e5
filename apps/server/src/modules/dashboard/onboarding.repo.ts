// A new company's first steps (issue 35 point 13) read from its own rows: each step is one EXISTS
// that stops at the first matching row, so the checklist costs four index probes, not counts.
import { and, eq, exists, isNotNull, sql } from 'drizzle-orm';
import type { OnboardingAnswer } from '@atende/shared/dashboard';
import type { DbOrTx } from '../../db/client.ts';
import { companies, connections, messages, queues, users } from '../../db/schema.ts';

const found = (subquery: Parameters<typeof exists>[0]) => sql<boolean>`${exists(subquery)}`.mapWith(Boolean);
const one = sql`1`;

export const readOnboardingSteps = async (db: DbOrTx, companyId: number): Promise<OnboardingAnswer> => {
  const [row] = await db
    .select({
      // a connection that is up; a sandbox connection is from the moment it is created
      channel: found(db.select({ one }).from(connections).where(and(eq(connections.companyId, companyId), eq(connections.status, 'CONNECTED')))),
      queue: found(db.select({ one }).from(queues).where(eq(queues.companyId, companyId))),
      // a company starts with its admin: a second user is someone invited
      attendant: found(db.select({ one }).from(users).where(eq(users.companyId, companyId)).limit(1).offset(1)),
      // a message an attendant wrote to a customer (not a bot's or an automatic one, not a note)
      reply: found(
        db
          .select({ one })
          .from(messages)
          .where(and(eq(messages.companyId, companyId), eq(messages.fromMe, true), isNotNull(messages.userId), eq(messages.isPrivate, false))),
      ),
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? { channel: false, queue: false, attendant: false, reply: false };
};
