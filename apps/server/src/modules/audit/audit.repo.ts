import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditRow = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt' | 'actorLabel'>;
// the actor as named now: a label given by the caller, else the API key's or the user's name
export type ActorName = { label?: string; apiKeyId?: number; userId: number | null };

// The actor's label is read in the same statement, so the entry names the user or key as it was.
const actorLabel = ({ label, apiKeyId, userId }: ActorName) => {
  if (label) return sql`${label}`;
  if (apiKeyId !== undefined) return sql`coalesce((select 'API key ' || name from api_keys where id = ${apiKeyId}), 'API key')`;
  if (userId !== null) return sql`coalesce((select name || ' <' || email || '>' from users where id = ${userId}), '')`;
  return sql`'system'`;
};

export const insertAuditEntry = async (db: DbOrTx, row: AuditRow, actor: ActorName) => {
  await db.insert(auditLog).values({ ...row, actorLabel: actorLabel(actor) });
};
