// The steps that carry what a company prepared to send (issue 39 point 1): schedules still to
// send, armed on the job runner in their page's transaction, and contact lists with their entries.
import { armSchedule } from '../modules/schedules/schedules.jobs.ts';
import { cleanText, idsOf, newRows, recordIds, targetOf, type ImportStep } from './import-context.ts';
import { insertLinks, insertRows, ticketsByIds } from './source-import.repo.ts';
import { moment, optionalText, text } from './source-rows.rules.ts';

// Only a schedule not sent yet: the sent ones are history the messages already hold.
const schedulesStep: ImportStep = async (context, rows) => {
  const pending = (await newRows(context, 'schedule', rows)).filter((row) => optionalText(row, 'sentAt') === null);
  const contactIds = await idsOf(context, 'contact', pending.map((row) => text(row, 'contactId')));
  const userIds = await idsOf(context, 'user', pending.map((row) => text(row, 'userId')));
  const ticketIds = await idsOf(context, 'ticket', pending.map((row) => text(row, 'ticketId')));
  const ticketRows = new Map((await ticketsByIds(context.tx, [...ticketIds.values()].map((t) => t.targetId))).map((t) => [t.id, t]));
  let imported = 0;
  for (const row of pending) {
    const contact = contactIds.get(text(row, 'contactId'));
    if (!contact?.companyId) {
      context.report({ table: 'Schedules', sourceId: text(row, 'id'), problem: `its contact ${text(row, 'contactId')} is missing` });
      continue;
    }
    const ticketId = targetOf(ticketIds, row.ticketId);
    const sendAt = moment(row, 'sendAt');
    const [id] = await insertRows(context.tx, 'schedules', [
      {
        companyId: contact.companyId,
        contactId: contact.targetId,
        userId: targetOf(userIds, row.userId),
        // sent through the connection of the ticket it was written in, where there was one
        whatsappId: ticketId === null ? null : (ticketRows.get(ticketId)?.whatsappId ?? null),
        body: cleanText(context, 'Schedules', row, 'body'),
        sendAt,
        nextSendAt: sendAt,
        status: 'PENDENTE',
        createdAt: moment(row, 'createdAt'),
        updatedAt: moment(row, 'updatedAt'),
      },
    ]);
    await armSchedule(context.tx, { companyId: contact.companyId, id, sentCount: 0, nextSendAt: sendAt });
    await recordIds(context, 'schedule', [{ sourceId: text(row, 'id'), targetId: id, companyId: contact.companyId }]);
    imported += 1;
  }
  return imported;
};

const contactListsStep: ImportStep = async (context, rows) => {
  const fresh = await newRows(context, 'contactList', rows);
  const companyIds = await idsOf(context, 'company', fresh.map((row) => text(row, 'companyId')));
  const entries = fresh.flatMap((row) => {
    const companyId = targetOf(companyIds, row.companyId);
    if (companyId === null) context.report({ table: 'ContactLists', sourceId: text(row, 'id'), problem: 'its company was not imported' });
    return companyId === null ? [] : [{ row, companyId }];
  });
  const ids = await insertRows(
    context.tx,
    'contactLists',
    entries.map(({ row, companyId }) => ({ companyId, name: cleanText(context, 'ContactLists', row, 'name'), createdAt: moment(row, 'createdAt'), updatedAt: moment(row, 'updatedAt') })),
  );
  await recordIds(context, 'contactList', entries.map(({ row, companyId }, i) => ({ sourceId: text(row, 'id'), targetId: ids[i], companyId })));
  return entries.length;
};

// A list holds a number once: a repeated number, or an entry a second run reads again, adds nothing.
const contactListItemsStep: ImportStep = async (context, rows) => {
  const lists = await idsOf(context, 'contactList', rows.map((row) => text(row, 'contactListId')));
  const values = rows.flatMap((row) => {
    const list = lists.get(text(row, 'contactListId'));
    const number = text(row, 'number').replace(/\D/g, '');
    if (!list?.companyId || number === '') {
      context.report({ table: 'ContactListItems', sourceId: text(row, 'id'), problem: list ? `no usable number (${text(row, 'number')})` : `its list ${text(row, 'contactListId')} is missing` });
      return [];
    }
    return [{ companyId: list.companyId, contactListId: list.targetId, name: cleanText(context, 'ContactListItems', row, 'name'), number, email: text(row, 'email') }];
  });
  await insertLinks(context.tx, 'contactListItems', values);
  return values.length;
};

export const outreachSteps: Record<string, ImportStep> = {
  Schedules: schedulesStep,
  ContactLists: contactListsStep,
  ContactListItems: contactListItemsStep,
};
