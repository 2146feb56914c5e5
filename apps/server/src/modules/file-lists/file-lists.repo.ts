import { and, asc, count, eq, ilike, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { fileListOptions, fileLists } from '../../db/schema.ts';

export type FileListRow = typeof fileLists.$inferSelect;
export type FileListOptionRow = typeof fileListOptions.$inferSelect;
export type NewFileList = Pick<typeof fileLists.$inferInsert, 'name' | 'message' | 'userId'>;
export type OptionInput = { id?: number; name: string };

const listOfCompany = (companyId: number, id?: number) => and(eq(fileLists.companyId, companyId), id === undefined ? undefined : eq(fileLists.id, id));

export const pageFileLists = async (db: DbOrTx, companyId: number, page: { search: string; limit: number; offset: number }) => {
  const where = and(listOfCompany(companyId), page.search ? ilike(fileLists.name, containsPattern(page.search)) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(fileLists).where(where).orderBy(asc(fileLists.name), asc(fileLists.id)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(fileLists).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
};

export const findFileList = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db.select().from(fileLists).where(listOfCompany(companyId, id)).limit(1);
  return row;
};

// Taken before an upload changes the list's options, so two uploads to one list run one at a time.
export const lockFileList = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db.select().from(fileLists).where(listOfCompany(companyId, id)).limit(1).for('update');
  return row;
};

export const optionsOf = (db: DbOrTx, companyId: number, fileListIds: number[]) =>
  fileListIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(fileListOptions)
        .where(and(eq(fileListOptions.companyId, companyId), inArray(fileListOptions.fileListId, fileListIds)))
        .orderBy(asc(fileListOptions.fileListId), asc(fileListOptions.position), asc(fileListOptions.id));

export const insertFileList = async (db: DbOrTx, companyId: number, values: NewFileList) => {
  const [row] = await db
    .insert(fileLists)
    .values({ ...values, companyId })
    .returning();
  return row;
};

export const updateFileList = async (db: DbOrTx, companyId: number, id: number, values: Partial<NewFileList>) => {
  const [row] = await db
    .update(fileLists)
    .set({ ...values, updatedAt: sql`now()` })
    .where(listOfCompany(companyId, id))
    .returning();
  return row;
};

// Answers the deleted list's options (their files are the caller's to remove), or undefined.
export const deleteFileList = async (db: DbOrTx, companyId: number, id: number) => {
  const options = await optionsOf(db, companyId, [id]);
  const deleted = await db.delete(fileLists).where(listOfCompany(companyId, id)).returning({ id: fileLists.id });
  return deleted.length > 0 ? options : undefined;
};

// The list's options become `options`, in that order: one with the id of an option of this list
// keeps its file, one without is new, and the list's other options go. Answers those removed.
export const replaceOptions = async (db: DbOrTx, companyId: number, fileListId: number, options: OptionInput[]) => {
  const current = await optionsOf(db, companyId, [fileListId]);
  const keptIds = options.map((option) => option.id).filter((id): id is number => id !== undefined && current.some((row) => row.id === id));
  const removed = await db
    .delete(fileListOptions)
    .where(and(eq(fileListOptions.companyId, companyId), eq(fileListOptions.fileListId, fileListId), keptIds.length ? notInArray(fileListOptions.id, keptIds) : undefined))
    .returning();
  for (const [position, option] of options.entries()) {
    if (option.id !== undefined && keptIds.includes(option.id)) {
      await db
        .update(fileListOptions)
        .set({ name: option.name, position })
        .where(and(eq(fileListOptions.companyId, companyId), eq(fileListOptions.id, option.id)));
    } else {
      await db.insert(fileListOptions).values({ companyId, fileListId, position, name: option.name });
    }
  }
  return removed;
};

export const setOptionFile = async (db: DbOrTx, companyId: number, optionId: number, file: Pick<FileListOptionRow, 'path' | 'mediaType'>) =>
  db
    .update(fileListOptions)
    .set(file)
    .where(and(eq(fileListOptions.companyId, companyId), eq(fileListOptions.id, optionId)));
