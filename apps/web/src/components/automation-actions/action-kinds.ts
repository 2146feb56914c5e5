// The actions a rule or a macro runs (issue 40 points 1 and 2, docs/automation.md): each kind's main
// parameter (its target or its content) and any further ones, how the editor asks for them, and an
// empty action of each kind to start from.
import { automationAction, type AutomationActionKind } from '@atende/shared/automation';
import type { MailLocale } from '@atende/shared/mail';
import type { TicketPriority } from '@atende/shared/tickets';
import type { z } from 'zod';

// an action as a form holds it: a picker not chosen yet is null until the schema refuses it
export type ActionValues = z.input<typeof automationAction>;

// what the pickers offer; the form's screen reads them, this folder knows no feature
export type ActionChoice = { id: number; name: string };
export type ActionChoices = {
  queues: ActionChoice[];
  users: ActionChoice[];
  tags: ActionChoice[];
  lanes: ActionChoice[];
  quickMessages: ActionChoice[];
  webhookEndpoints: ActionChoice[];
};

export type ActionParam =
  | { key: 'queueId' | 'userId' | 'tagId' | 'quickMessageId' | 'endpointId'; from: keyof ActionChoices }
  | { key: 'priority' }
  | { key: 'locale' }
  | { key: 'text'; maxLength: number; optional?: true };

// in the schema's order, which the kind picker follows
export const actionKinds: AutomationActionKind[] = automationAction.options.map((option) => option.shape.kind.value);

// the schema's caps on a message or note and on an email's text
const MESSAGE_MAX_LENGTH = 4000;
const EMAIL_TEXT_MAX_LENGTH = 1000;

export const actionParams: Record<AutomationActionKind, ActionParam | null> = {
  assignQueue: { key: 'queueId', from: 'queues' },
  assignUser: { key: 'userId', from: 'users' },
  assignLeastBusy: { key: 'queueId', from: 'queues' },
  addTag: { key: 'tagId', from: 'tags' },
  removeTag: { key: 'tagId', from: 'tags' },
  addLane: { key: 'tagId', from: 'lanes' },
  removeLane: null,
  setPriority: { key: 'priority' },
  sendMessage: { key: 'text', maxLength: MESSAGE_MAX_LENGTH },
  sendQuickMessage: { key: 'quickMessageId', from: 'quickMessages' },
  addNote: { key: 'text', maxLength: MESSAGE_MAX_LENGTH },
  close: null,
  sendWebhook: { key: 'endpointId', from: 'webhookEndpoints' },
  sendEmail: { key: 'userId', from: 'users' },
};

// the parameters after the main one: an email's language and its optional message
export const furtherActionParams: Partial<Record<AutomationActionKind, ActionParam[]>> = {
  sendEmail: [{ key: 'locale' }, { key: 'text', maxLength: EMAIL_TEXT_MAX_LENGTH, optional: true }],
};

const defaultPriority: TicketPriority = 'high';
const defaultMailLocale: MailLocale = 'pt';

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
  sendWebhook: { kind: 'sendWebhook', endpointId: null },
  sendEmail: { kind: 'sendEmail', userId: null, locale: defaultMailLocale, text: '' },
};
