import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { queues, userQueues, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'companyId'>;


const searchFilter = (companyId: number, search: string) => {
  const byCompany = eq(users.companyId, companyId);
  if (!search) return byCompany;
  const pattern = containsPattern(search);
  return and(byCompany, or(ilike(users.name, pattern), ilike(users.email, pattern)));
};

export const listUsers = async (db: DbOrTx, companyId: number, page: { search: string; limit: number; offset: number }) => {
  const where = searchFilter(companyId, page.search);
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(asc(users.name), asc(users.id)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
};

export const listAllUsers = (db: DbOrTx, companyId: number) =>
  db.select().from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.name));

export const findUser = async (db: DbOrTx, companyId: number, userId: number) => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  return row;
};

// Sign-in is the one lookup that is not scoped to a tenant: the email names the user.
export const findUserByEmail = async (db: DbOrTx, email: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
};

export const countUsers = async (db: DbOrTx, companyId: number) => {
  const [row] = await db.select({ value: count() }).from(users).where(eq(users.companyId, companyId));
  return row?.value ?? 0;
};

export const insertUser = async (db: DbOrTx, companyId: number, values: NewUser) => {
  const [row] = await db
    .insert(users)
    .values({ ...values, companyId })
    .returning();
  return row;
};

export const updateUser = async (db: DbOrTx, companyId: number, userId: number, values: Partial<NewUser>) => {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .returning();
  return row;
};

export const deleteUser = async (db: DbOrTx, companyId: number, userId: number) => {
  const deleted = await db
    .delete(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .returning({ id: users.id });
  return deleted.length > 0;
};

export const replaceUserQueues = async (db: DbOrTx, companyId: number, userId: number, queueIds: number[]) => {
  await db.delete(userQueues).where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId)));
  if (queueIds.length > 0) {
    await db.insert(userQueues).values(queueIds.map((queueId) => ({ companyId, userId, queueId })));
  }
};

export const queuesOfUsers = async (db: DbOrTx, companyId: number, userIds: number[]) => {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(and(eq(userQueues.companyId, companyId), inArray(userQueues.userId, userIds)))
    .orderBy(asc(queues.name));
};

// Records a presence ping; answers the user row only when its online flag changed, so the
// ping an online user sends every few minutes announces nothing.
export const setUserOnline = async (db: DbOrTx, companyId: number, userId: number, online: boolean): Promise<UserRow | undefined> => {
  const ofUser = and(eq(users.companyId, companyId), eq(users.id, userId));
  const [changed] = await db
    .update(users)
    .set({ online, lastSeenAt: sql`now()` })
    .where(and(ofUser, ne(users.online, online)))
    .returning();
  if (!changed) await db.update(users).set({ lastSeenAt: sql`now()` }).where(ofUser);
  return changed;
};

export const queueIdsOfUser = async (db: DbOrTx, companyId: number, userId: number) =>
  (
    await db
      .select({ queueId: userQueues.queueId })
      .from(userQueues)
      .where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId)))
  ).map((row) => row.queueId);

// The subset of userIds that are users of the company.
export const existingUserIds = async (db: DbOrTx, companyId: number, userIds: number[]) => {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, userIds)));
  return rows.map((row) => row.id);
};
