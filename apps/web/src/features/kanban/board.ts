// The board's pure parts (02-operations §2 /Kanban, §9): lanes from tickets, card order, totals.
import { KANBAN_VALUE_FIELD, opportunityValue, type KanbanSortOrder, type KanbanTicketView } from '@atende/shared/kanban';
import type { TagRecordView } from '@atende/shared/tags';

// The untagged lane's id on the board.
export const NO_LANE = 'lane-none';
export const laneKey = (tagId: number) => `lane-${tagId}`;

export type BoardLane = { key: string; tag: TagRecordView | null; tickets: KanbanTicketView[]; total: number };

// What is being dragged: a card to another lane, or a lane (by its handle) to another place.
export type BoardDrag = { kind: 'card'; ticket: KanbanTicketView; laneKey: string } | { kind: 'lane'; lane: TagRecordView };

// The lanes' order after dropping `moved` on the lane `target` (null: the untagged lane, which stays
// first, so the moved lane becomes the first tagged one). It takes the target's place, as when
// dragging a column in a spreadsheet.
export const laneOrderAfterDrop = (laneIds: number[], moved: number, target: number | null) => {
  const rest = laneIds.filter((laneId) => laneId !== moved);
  const at = target === null ? 0 : laneIds.indexOf(target);
  if (at < 0 || moved === target) return laneIds;
  return [...rest.slice(0, at), moved, ...rest.slice(at)];
};

const byOrder: Record<KanbanSortOrder, (a: KanbanTicketView, b: KanbanTicketView) => number> = {
  ticketNumber: (a, b) => a.id - b.id,
  lastMessageTime: (a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id,
  valorDesc: (a, b) => opportunityValue(b.contact.extraInfo) - opportunityValue(a.contact.extraInfo) || a.id - b.id,
};

export const buildLanes = (lanes: TagRecordView[], tickets: KanbanTicketView[], order: KanbanSortOrder): BoardLane[] => {
  const laneIds = new Set(lanes.map((lane) => lane.id));
  const groups = new Map<string, KanbanTicketView[]>([[NO_LANE, []], ...lanes.map((lane) => [laneKey(lane.id), []] as [string, KanbanTicketView[]])]);
  for (const ticket of tickets) {
    const lane = ticket.tags.find((tag) => laneIds.has(tag.id));
    groups.get(lane ? laneKey(lane.id) : NO_LANE)?.push(ticket);
  }
  const laneOf = (key: string, tag: TagRecordView | null): BoardLane => {
    const cards = [...(groups.get(key) ?? [])].sort(byOrder[order]);
    return { key, tag, tickets: cards, total: cards.reduce((sum, card) => sum + opportunityValue(card.contact.extraInfo), 0) };
  };
  return [laneOf(NO_LANE, null), ...lanes.map((lane) => laneOf(laneKey(lane.id), lane))];
};

export const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}...` : text);

export const formatReais = (value: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

// The contact's extra info with the value replaced; an empty value removes the entry.
export const withValue = (extraInfo: KanbanTicketView['contact']['extraInfo'], value: string) => {
  const others = extraInfo.filter((entry) => entry.name !== KANBAN_VALUE_FIELD);
  return value.trim() === '' ? others : [...others, { name: KANBAN_VALUE_FIELD, value: value.trim() }];
};

export const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
