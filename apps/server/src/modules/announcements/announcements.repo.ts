// Announcements are the platform's (02-operations §1: written by the super user, shown to all
// users), so reads do not filter on a company: every company reads the same rows. company_id is
// the writing super user's company, whose folder keeps the image; writes are super-only routes.
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { announcements } from '../../db/schema.ts';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type NewAnnouncement = Pick<typeof announcements.$inferInsert, 'title' | 'text' | 'priority' | 'status'>;

export const listAnnouncements = async (db: DbOrTx, page: { search: string; activeOnly: boolean; limit: number; offset: number }) => {
  const pattern = containsPattern(page.search);
  const where = and(
    page.activeOnly ? eq(announcements.status, true) : undefined,
    page.search ? or(ilike(announcements.title, pattern), ilike(announcements.text, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(announcements).where(where).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(announcements).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
};

export const findAnnouncement = async (db: DbOrTx, announcementId: number) => {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, announcementId)).limit(1);
  return row;
};

export const insertAnnouncement = async (db: DbOrTx, companyId: number, values: NewAnnouncement) => {
  const [row] = await db
    .insert(announcements)
    .values({ ...values, companyId })
    .returning();
  return row;
};

export const updateAnnouncement = async (
  db: DbOrTx,
  announcementId: number,
  values: Partial<NewAnnouncement & Pick<AnnouncementRow, 'mediaPath' | 'mediaName'>>,
) => {
  const [row] = await db
    .update(announcements)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(announcements.id, announcementId))
    .returning();
  return row;
};

export const deleteAnnouncement = async (db: DbOrTx, announcementId: number) => {
  const [row] = await db.delete(announcements).where(eq(announcements.id, announcementId)).returning();
  return row;
};
