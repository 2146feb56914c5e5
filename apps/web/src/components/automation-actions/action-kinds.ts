// The actions a rule or a macro runs (issue 40 points 1 and 2, docs/automation.md): each kind's one
// parameter and how the editor asks for it, and an empty action of each kind to start from.
import { automationAction, type AutomationActionKind } from '@atende/shared/automation';
import type { TicketPriority } from '@atende/shared/tickets';
import type { z } from 'zod';

// an action as a form holds it: a picker not chosen yet is null until the schema refuses it
export type ActionValues = z.input<typeof automationAction>;

// what the pickers offer; the form's screen reads them, this folder knows no feature
export type ActionChoice = { id: number; name: string };
export type ActionChoices = { queues: ActionChoice[]; users: ActionChoice[]; tags: ActionChoice[]; lanes: ActionChoice[]; quickMessages: ActionChoice[] };

export type ActionParam =
  | { key: 'queueId' | 'userId' | 'tagId' | 'quickMessageId'; from: keyof ActionChoices }
  | { key: 'priority' }
  | { key: 'text' };

// in the schema's order, which the kind picker follows
export const actionKinds: AutomationActionKind[] = automationAction.options.map((option) => option.shape.kind.value);

export const actionParams: Record<AutomationActionKind, ActionParam | null> = {
  assignQueue: { key: 'queueId', from: 'queues' },
  assignUser: { key: 'userId', from: 'users' },
  assignLeastBusy: { key: 'queueId', from: 'queues' },
  addTag: { key: 'tagId', from: 'tags' },
  removeTag: { key: 'tagId', from: 'tags' },
  addLane: { key: 'tagId', from: 'lanes' },
  removeLane: null,
  setPriority: { key: 'priority' },
  sendMessage: { key: 'text' },
  sendQuickMessage: { key: 'quickMessageId', from: 'quickMessages' },
  addNote: { key: 'text' },
  close: null,
};

const defaultPriority: TicketPriority = 'high';

export const blankAction: Record<AutomationActionKind, ActionValues> = {
  assignQueue: { kind: 'assignQueue', queueId: null },
  assignUser: { kind: 'assignUser', userId: null },
  assignLeastBusy: { kind: 'assignLeastBusy', queueId: null },
  addTag: { kind: 'addTag', tagId: null },
  removeTag: { kind: 'removeTag', tagId: null },
  addLane: { kind: 'addLane', tagId: null },
  removeLane: { kind: 'removeLane' },
  setPriority: { kind: 'setPriority', priority: defaultPriority },
  sendMessage: { kind: 'sendMessage', text: '' },
  sendQuickMessage: { kind: 'sendQuickMessage', quickMessageId: null },
  addNote: { kind: 'addNote', text: '' },
  close: { kind: 'close' },
};
