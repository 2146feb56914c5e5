// Tag rows become the API's tag views (02-operations §3 Tag / lane).
import type { LaneFields, TagContactView, TagDetailView, TagRecordView } from '@atende/shared/tags';
import type { contactsOfTag, linkCounts, TagRow } from './tags.repo.ts';

export type TagLinkCounts = Awaited<ReturnType<typeof linkCounts>>;

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

export const toTagRecordViews = (rows: TagRow[], counts: TagLinkCounts): TagRecordView[] =>
  rows.map((row) => ({ ...laneView(row), ticketTags: counts.tickets.get(row.id) ?? 0, contacts: counts.contacts.get(row.id) ?? 0 }));

export const toTagDetailView = (row: TagRow, counts: TagLinkCounts, contacts: Awaited<ReturnType<typeof contactsOfTag>>): TagDetailView => {
  const contactViews: TagContactView[] = contacts;
  return { ...laneView(row), ticketTags: counts.tickets.get(row.id) ?? 0, contacts: contactViews };
};
