// Tag rows become the API's tag views (02-operations §3 Tag / lane).
import type { LaneFields, TagContactView, TagDetailView, TagRecordView } from '@atende/shared/tags';
import type { DbOrTx } from '../../db/client.ts';
import { contactsOfTag, linkCounts, type TagRow } from './tags.repo.ts';

const laneView = (row: TagRow) => {
  const lane: LaneFields = {
    timeLane: row.timeLane,
    nextLaneId: row.nextLaneId,
    rollbackLaneId: row.rollbackLaneId,
    greetingMessageLane: row.greetingMessageLane,
    userId: row.userId,
  };
  return { id: row.id, name: row.name, color: row.color, kanban: row.kanban, ...lane };
};

export const toTagRecordViews = async (db: DbOrTx, companyId: number, rows: TagRow[]): Promise<TagRecordView[]> => {
  const counts = await linkCounts(db, companyId, rows.map((row) => row.id));
  return rows.map((row) => ({ ...laneView(row), ticketTags: counts.tickets.get(row.id) ?? 0, contacts: counts.contacts.get(row.id) ?? 0 }));
};

export const toTagDetailView = async (db: DbOrTx, companyId: number, row: TagRow): Promise<TagDetailView> => {
  const [counts, contacts] = await Promise.all([linkCounts(db, companyId, [row.id]), contactsOfTag(db, companyId, row.id)]);
  const contactViews: TagContactView[] = contacts;
  return { ...laneView(row), ticketTags: counts.tickets.get(row.id) ?? 0, contacts: contactViews };
};
