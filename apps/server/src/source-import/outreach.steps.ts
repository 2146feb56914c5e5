// The steps that carry what a company prepared to send (issue 39 point 1): schedules still to
// send, armed on the job runner in their page's transaction, contact lists with their entries,
// and file lists with their files copied into storage.
import type { MediaType } from '@atende/shared/messages';
import { FILE_LIST_FOLDER } from '../modules/file-lists/file-lists.service.ts';
import { armSchedule } from '../modules/schedules/schedules.jobs.ts';
import { SCHEDULE_FOLDER } from '../modules/schedules/schedules.service.ts';
import { contentTypeOf } from '../platform/storage.ts';
import { cleanText, idsOf, newRows, recordIds, targetOf, type ImportContext, type ImportStep } from './import-context.ts';
import type { SourceRow } from './source-database.repo.ts';
import { insertLinks, insertRows, ticketsByIds } from './source-import.repo.ts';
import { copyMedia, copyRowFile } from './source-media.ts';
import { fileMediaTypeOf, mediaPathOf, moment, optionalText, text, whole } from './source-rows.rules.ts';

// A schedule's file (the SaaS copies' mediaPath, under public/) goes with it, typed by its name.
type ScheduleMedia = { mediaPath: string | null; mediaName: string | null; mediaType: MediaType | null };
const scheduleMedia = async (context: ImportContext, row: SourceRow, companyId: number): Promise<ScheduleMedia> => {
  const path = mediaPathOf({ mediaUrl: row.mediaPath });
  const url = await copyRowFile(context, 'Schedules', row, path, companyId, SCHEDULE_FOLDER, 'the schedule');
  return url === null || path === null
    ? { mediaPath: null, mediaName: null, mediaType: null }
    : { mediaPath: url, mediaName: text(row, 'mediaName', path).slice(0, 255), mediaType: fileMediaTypeOf(contentTypeOf(path)) };
};

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
        ...(await scheduleMedia(context, row, contact.companyId)),
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

// The SaaS copies' file lists (Files, with each file a FilesOptions row).
const fileListsStep: ImportStep = async (context, rows) => {
  const fresh = await newRows(context, 'fileList', rows);
  const companyIds = await idsOf(context, 'company', fresh.map((row) => text(row, 'companyId')));
  const entries = fresh.flatMap((row) => {
    const companyId = targetOf(companyIds, row.companyId);
    if (companyId === null) context.report({ table: 'Files', sourceId: text(row, 'id'), problem: `its company ${text(row, 'companyId')} was not imported` });
    return companyId === null ? [] : [{ row, companyId }];
  });
  const ids = await insertRows(
    context.tx,
    'fileLists',
    entries.map(({ row, companyId }) => ({
      companyId,
      name: cleanText(context, 'Files', row, 'name') || `file list ${text(row, 'id')}`,
      message: cleanText(context, 'Files', row, 'message'),
      createdAt: moment(row, 'createdAt'),
      updatedAt: moment(row, 'updatedAt'),
    })),
  );
  await recordIds(context, 'fileList', entries.map(({ row, companyId }, i) => ({ sourceId: text(row, 'id'), targetId: ids[i], companyId })));
  return entries.length;
};

// The source kept a list's files in public/fileList/<list id>/; an option whose file is gone
// comes without it (its file can be uploaded again here) and is reported.
type FileListFile = { path: string | null; mediaType: MediaType | null };
const fileListFile = async (context: ImportContext, row: SourceRow, companyId: number): Promise<FileListFile> => {
  const path = mediaPathOf({ mediaUrl: row.path });
  if (path === null || !context.mediaDir) return { path: null, mediaType: null };
  const copied = await copyMedia(context.storage, context.mediaDir, companyId, [`fileList/${text(row, 'fileId')}/${path}`, path], FILE_LIST_FOLDER);
  if ('missing' in copied) {
    context.report({ table: 'FilesOptions', sourceId: text(row, 'id'), problem: `media file ${copied.missing} is missing: the file list came without it` });
    return { path: null, mediaType: null };
  }
  return { path: copied.url, mediaType: fileMediaTypeOf(text(row, 'mediaType')) };
};

const fileListOptionsStep: ImportStep = async (context, rows) => {
  const fresh = await newRows(context, 'fileListOption', rows);
  const lists = await idsOf(context, 'fileList', fresh.map((row) => text(row, 'fileId')));
  const entries: Array<{ row: SourceRow; companyId: number; values: FileListFile & { fileListId: number } }> = [];
  for (const row of fresh) {
    const list = lists.get(text(row, 'fileId'));
    if (!list?.companyId) {
      context.report({ table: 'FilesOptions', sourceId: text(row, 'id'), problem: `its file list ${text(row, 'fileId')} is missing` });
      continue;
    }
    entries.push({ row, companyId: list.companyId, values: { fileListId: list.targetId, ...(await fileListFile(context, row, list.companyId)) } });
  }
  const ids = await insertRows(
    context.tx,
    'fileListOptions',
    entries.map(({ row, companyId, values }) => ({
      ...values,
      companyId,
      // the source's ids keep its order of the files, whichever page each came in
      position: whole(row, 'id'),
      name: cleanText(context, 'FilesOptions', row, 'name') || text(row, 'path'),
      createdAt: moment(row, 'createdAt'),
    })),
  );
  await recordIds(context, 'fileListOption', entries.map(({ row, companyId }, i) => ({ sourceId: text(row, 'id'), targetId: ids[i], companyId })));
  return entries.length;
};

export const outreachSteps: Record<string, ImportStep> = {
  Schedules: schedulesStep,
  ContactLists: contactListsStep,
  ContactListItems: contactListItemsStep,
  Files: fileListsStep,
  FilesOptions: fileListOptionsStep,
};
