import { and, desc, eq } from 'drizzle-orm';
import type { TicketNoteView } from '@atende/shared/tickets';
import type { DbOrTx } from '../../db/client.ts';
import { ticketNotes, users } from '../../db/schema.ts';

const noteColumns = {
  id: ticketNotes.id,
  note: ticketNotes.note,
  ticketId: ticketNotes.ticketId,
  contactId: ticketNotes.contactId,
  userId: ticketNotes.userId,
  userName: users.name,
  createdAt: ticketNotes.createdAt,
};

type NoteRow = { id: number; note: string; ticketId: number; contactId: number; userId: number | null; userName: string | null; createdAt: Date };

const toView = (row: NoteRow): TicketNoteView => ({
  id: row.id,
  note: row.note,
  ticketId: row.ticketId,
  contactId: row.contactId,
  user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
  createdAt: row.createdAt.toISOString(),
});

const notesWhere = (companyId: number, filter: { noteId?: number; ticketId?: number; contactId?: number }) =>
  and(
    eq(ticketNotes.companyId, companyId),
    filter.noteId === undefined ? undefined : eq(ticketNotes.id, filter.noteId),
    filter.ticketId === undefined ? undefined : eq(ticketNotes.ticketId, filter.ticketId),
    filter.contactId === undefined ? undefined : eq(ticketNotes.contactId, filter.contactId),
  );

export const listNotes = async (db: DbOrTx, companyId: number, ticketId: number, contactId: number) => {
  const rows = await db
    .select(noteColumns)
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(notesWhere(companyId, { ticketId, contactId }))
    .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
  return rows.map(toView);
};

export const findNote = async (db: DbOrTx, companyId: number, noteId: number) => {
  const [row] = await db.select(noteColumns).from(ticketNotes).leftJoin(users, eq(users.id, ticketNotes.userId)).where(notesWhere(companyId, { noteId }));
  return row ? toView(row) : undefined;
};

export const insertNote = async (db: DbOrTx, values: typeof ticketNotes.$inferInsert) => {
  const [row] = await db.insert(ticketNotes).values(values).returning({ id: ticketNotes.id });
  return row.id;
};

export const deleteNote = (db: DbOrTx, companyId: number, noteId: number) => db.delete(ticketNotes).where(notesWhere(companyId, { noteId }));
