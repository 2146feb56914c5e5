import type { ScheduleDayRule, ScheduleInterval, ScheduleStatus, ScheduleView } from '@atende/shared/scheduled-messages';
import type { ScheduleRow } from '../../db/schema.ts';
import type { scheduleRelations } from './schedules.repo.ts';

export type ScheduleRelations = Awaited<ReturnType<typeof scheduleRelations>>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const toScheduleViews = (rows: ScheduleRow[], related: ScheduleRelations): ScheduleView[] =>
  rows.map((row) => {
    const contact = related.contacts.get(row.contactId);
    return {
      id: row.id,
      body: row.body,
      contactId: row.contactId,
      contact: { id: row.contactId, name: contact?.name ?? '', number: contact?.number ?? '' },
      sendAt: row.sendAt.toISOString(),
      nextSendAt: iso(row.nextSendAt),
      sentAt: iso(row.sentAt),
      status: row.status as ScheduleStatus,
      errorMessage: row.errorMessage,
      sentCount: row.sentCount,
      whatsappId: row.whatsappId,
      whatsapp: (row.whatsappId && related.connections.get(row.whatsappId)) || null,
      openTicket: row.openTicket === 'disabled' ? 'disabled' : 'enabled',
      ticketUserId: row.ticketUserId,
      queueId: row.queueId,
      statusTicket: row.statusTicket === 'open' ? 'open' : 'closed',
      intervalo: row.intervalo as ScheduleInterval,
      valorIntervalo: row.valorIntervalo,
      enviarQuantasVezes: row.enviarQuantasVezes,
      tipoDias: row.tipoDias as ScheduleDayRule,
      assinar: row.assinar,
      mediaPath: row.mediaPath,
      mediaName: row.mediaName,
      userId: row.userId,
      companyId: row.companyId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
