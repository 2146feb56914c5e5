// The steps that carry what happened to the tickets (issue 39 point 1): the ratings customers
// gave, and the ticket logs read back from the source's per-ticket tracking (when it was made,
// taken and closed, and by whom).
import { idsOf, newRows, recordIds, targetOf, type ImportStep } from './import-context.ts';
import { insertLinks } from './source-import.repo.ts';
import { moment, optionalText, text, whole } from './source-rows.rules.ts';

// One rating per ticket here: a second one for a ticket, or one read again, adds nothing.
const ratingsStep: ImportStep = async (context, rows) => {
  const ticketIds = await idsOf(context, 'ticket', rows.map((row) => text(row, 'ticketId')));
  const userIds = await idsOf(context, 'user', rows.map((row) => text(row, 'userId')));
  const values = rows.flatMap((row) => {
    const ticket = ticketIds.get(text(row, 'ticketId'));
    if (!ticket?.companyId) {
      context.report({ table: 'UserRatings', sourceId: text(row, 'id'), problem: `its ticket ${text(row, 'ticketId')} is missing` });
      return [];
    }
    return [{ companyId: ticket.companyId, ticketId: ticket.targetId, userId: targetOf(userIds, row.userId), rate: Math.min(Math.max(whole(row, 'rate'), 0), 10), createdAt: moment(row, 'createdAt') }];
  });
  await insertLinks(context.tx, 'userRatings', values);
  return values.length;
};

const trackingStep: ImportStep = async (context, rows) => {
  const fresh = await newRows(context, 'ticketTracking', rows);
  const ticketIds = await idsOf(context, 'ticket', fresh.map((row) => text(row, 'ticketId')));
  const userIds = await idsOf(context, 'user', fresh.map((row) => text(row, 'userId')));
  const tracked = fresh.flatMap((row) => {
    const ticket = ticketIds.get(text(row, 'ticketId'));
    if (!ticket?.companyId) context.report({ table: 'TicketTraking', sourceId: text(row, 'id'), problem: `its ticket ${text(row, 'ticketId')} is missing` });
    return ticket?.companyId ? [{ row, ticketId: ticket.targetId, companyId: ticket.companyId }] : [];
  });
  const logs = tracked.flatMap(({ row, ticketId, companyId }) => {
    const userId = targetOf(userIds, row.userId);
    const at = (column: string) => (optionalText(row, column) === null ? [] : [moment(row, column)]);
    return [
      { companyId, ticketId, type: 'create' as const, userId: null, createdAt: moment(row, 'createdAt') },
      ...at('startedAt').map((createdAt) => ({ companyId, ticketId, type: 'open' as const, userId, createdAt })),
      ...at('finishedAt').map((createdAt) => ({ companyId, ticketId, type: 'closed' as const, userId, createdAt })),
    ];
  });
  await insertLinks(context.tx, 'ticketLogs', logs);
  // a tracking row makes several log entries: it is recorded as done under its ticket
  await recordIds(context, 'ticketTracking', tracked.map(({ row, ticketId, companyId }) => ({ sourceId: text(row, 'id'), targetId: ticketId, companyId })));
  return tracked.length;
};

export const historySteps: Record<string, ImportStep> = {
  UserRatings: ratingsStep,
  TicketTraking: trackingStep,
};
