import { and, asc, count, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { connections, contacts, schedules, type ScheduleRow } from '../../db/schema.ts';

export type NewSchedule = Omit<typeof schedules.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;
export type ScheduleChanges = Partial<NewSchedule>;

const byCompany = (companyId: number, scheduleId: number) => and(eq(schedules.companyId, companyId), eq(schedules.id, scheduleId));

export const insertSchedule = async (db: DbOrTx, companyId: number, values: NewSchedule) => {
  const [row] = await db
    .insert(schedules)
    .values({ ...values, companyId })
    .returning();
  return row;
};

export const findSchedule = async (db: DbOrTx, companyId: number, scheduleId: number) => {
  const [row] = await db.select().from(schedules).where(byCompany(companyId, scheduleId)).limit(1);
  return row;
};

// Every change of a schedule and its send take this lock first, so an edit and a due occurrence
// never cross.
export const lockSchedule = async (db: DbOrTx, companyId: number, scheduleId: number) => {
  const [row] = await db.select().from(schedules).where(byCompany(companyId, scheduleId)).for('update');
  return row;
};

export const updateSchedule = async (db: DbOrTx, companyId: number, scheduleId: number, changes: ScheduleChanges) => {
  const [row] = await db
    .update(schedules)
    .set({ ...changes, updatedAt: new Date() })
    .where(byCompany(companyId, scheduleId))
    .returning();
  return row;
};

export const deleteSchedule = async (db: DbOrTx, companyId: number, scheduleId: number) => {
  const [row] = await db.delete(schedules).where(byCompany(companyId, scheduleId)).returning();
  return row;
};

export type SchedulesFilter = { search: string; contactId?: number; from?: Date; to?: Date; limit: number; offset: number };

export const listSchedules = async (db: DbOrTx, companyId: number, filter: SchedulesFilter) => {
  const conditions: (SQL | undefined)[] = [eq(schedules.companyId, companyId)];
  const search = filter.search.trim();
  if (search) conditions.push(or(ilike(schedules.body, containsPattern(search)), ilike(contacts.name, containsPattern(search))));
  if (filter.contactId) conditions.push(eq(schedules.contactId, filter.contactId));
  if (filter.from) conditions.push(gte(schedules.sendAt, filter.from));
  if (filter.to) conditions.push(lte(schedules.sendAt, filter.to));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ schedule: schedules })
      .from(schedules)
      .innerJoin(contacts, and(eq(contacts.companyId, schedules.companyId), eq(contacts.id, schedules.contactId)))
      .where(where)
      .orderBy(asc(schedules.sendAt), asc(schedules.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ value: count() })
      .from(schedules)
      .innerJoin(contacts, and(eq(contacts.companyId, schedules.companyId), eq(contacts.id, schedules.contactId)))
      .where(where),
  ]);
  return { rows: rows.map((row) => row.schedule), count: total?.value ?? 0 };
};

// The contact and connection names a list of schedules shows.
export const scheduleRelations = async (db: DbOrTx, companyId: number, rows: ScheduleRow[]) => {
  const contactIds = [...new Set(rows.map((row) => row.contactId))];
  const connectionIds = [...new Set(rows.flatMap((row) => (row.whatsappId ? [row.whatsappId] : [])))];
  const [contactRows, connectionRows] = await Promise.all([
    contactIds.length
      ? db
          .select({ id: contacts.id, name: contacts.name, number: contacts.number })
          .from(contacts)
          .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, contactIds)))
      : [],
    connectionIds.length
      ? db
          .select({ id: connections.id, name: connections.name })
          .from(connections)
          .where(and(eq(connections.companyId, companyId), inArray(connections.id, connectionIds)))
      : [],
  ]);
  return { contacts: new Map(contactRows.map((row) => [row.id, row])), connections: new Map(connectionRows.map((row) => [row.id, row])) };
};
