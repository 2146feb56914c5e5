// Ticket notes (01-core §3 Ticket note, §7): attendants' notes on a ticket and its contact.
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ticketNoteBody, ticketNotesQuery, type TicketNoteView } from '@atende/shared/tickets';
import { idParam } from '@atende/shared/validation';
import type { Db } from '../../db/client.ts';
import { ticketNotes, users } from '../../db/schema.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';

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

export const ticketNotesRoutes = (deps: { db: Db; tickets: TicketsService }): FastifyPluginAsyncZod => async (app) => {
  app.post('/ticket-notes', { config: { access: 'tenant' }, schema: { body: ticketNoteBody } }, async (request, reply) => {
    const ticket = await deps.tickets.visibleTicket(request.tenant, request.body.ticketId);
    if (ticket.contactId !== request.body.contactId) throw notFound('ERR_NO_CONTACT_FOUND');
    const [row] = await deps.db
      .insert(ticketNotes)
      .values({ companyId: ticket.companyId, ticketId: ticket.id, contactId: ticket.contactId, userId: request.tenant.userId, note: request.body.note })
      .returning();
    const [user] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, request.tenant.userId));
    return reply.status(201).send(toView({ ...row, userName: user?.name ?? null }));
  });

  app.get('/ticket-notes/list', { config: { access: 'tenant' }, schema: { querystring: ticketNotesQuery } }, async (request) => {
    const ticket = await deps.tickets.visibleTicket(request.tenant, request.query.ticketId);
    const rows = await deps.db
      .select(noteColumns)
      .from(ticketNotes)
      .leftJoin(users, eq(users.id, ticketNotes.userId))
      .where(
        and(
          eq(ticketNotes.companyId, ticket.companyId),
          eq(ticketNotes.ticketId, ticket.id),
          eq(ticketNotes.contactId, request.query.contactId),
        ),
      )
      .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
    return rows.map(toView);
  });

  app.delete(
    '/ticket-notes/:noteId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ noteId: idParam }) } },
    async (request, reply) => {
      const tenant = request.tenant;
      const [note] = await deps.db
        .select()
        .from(ticketNotes)
        .where(and(eq(ticketNotes.companyId, tenant.companyId), eq(ticketNotes.id, request.params.noteId)));
      if (!note) throw notFound('ERR_NO_NOTE_FOUND');
      await deps.tickets.visibleTicket(tenant, note.ticketId).catch(() => {
        throw notFound('ERR_NO_NOTE_FOUND');
      });
      // the author or an admin removes a note
      if (note.userId !== tenant.userId && tenant.actor.profile !== 'admin') throw forbidden();
      await deps.db.delete(ticketNotes).where(and(eq(ticketNotes.companyId, tenant.companyId), eq(ticketNotes.id, note.id)));
      return reply.status(204).send();
    },
  );
};
