// Whether a rule's conditions hold for a ticket (issue 40 point 1), each with the reason the test
// button shows (a key and the facts it names: the web words it in the user's language). Groups combine their conditions with all/any, the tree its groups likewise; an
// empty tree always holds. mayMatch answers the same from the facts a change has at hand, without
// reading anything: a condition whose fact is missing is unknown (docs/automation.md, Cost).
import type { AutomationCondition, ConditionReason, ConditionTree } from '@atende/shared/automation';
import { safeMatch } from './regex-guard.ts';

export type ConditionSubject = {
  channel: string | null;
  connectionId: number | null;
  queueId: number | null;
  userId: number | null;
  status: string;
  priority: string;
  contact: { fields: Record<string, string>; tagIds: ReadonlySet<number> };
  // the text of the message that caused the event (messageReceived), else empty
  text: string;
  customerMessages: number;
  withinServiceHours: boolean;
};

type Outcome = { matched: boolean; reason: ConditionReason };

const among = <T>(value: T, list: readonly T[], reason: ConditionReason): Outcome => ({ matched: list.includes(value), reason });

// the message as the test shows it: its start is enough to see why it matched or not
const messageIs = (text: string): ConditionReason => ({ key: 'messageIs', values: { text: text.slice(0, 80) } });

const checkCondition = (condition: AutomationCondition, subject: ConditionSubject): Outcome => {
  switch (condition.kind) {
    case 'channel':
      return among(subject.channel, condition.channels as readonly (string | null)[], { key: 'channelIs', values: { channel: subject.channel } });
    case 'connection':
      return among(subject.connectionId, condition.connectionIds as readonly (number | null)[], { key: 'connectionIs', values: { connectionId: subject.connectionId } });
    case 'queue':
      return among(subject.queueId, condition.queueIds as readonly (number | null)[], { key: 'queueIs', values: { queueId: subject.queueId } });
    case 'tag': {
      const has = subject.contact.tagIds.has(condition.tagId);
      return { matched: has === condition.present, reason: { key: has ? 'contactHasTag' : 'contactLacksTag' } };
    }
    case 'contactField': {
      const value = subject.contact.fields[condition.field.toLowerCase()];
      if (value === undefined) return { matched: false, reason: { key: 'contactLacksField', values: { field: condition.field } } };
      return { matched: value.toLowerCase().includes(condition.contains.toLowerCase()), reason: { key: 'contactFieldIs', values: { field: condition.field, value } } };
    }
    case 'textContains':
      return { matched: subject.text.toLowerCase().includes(condition.text.toLowerCase()), reason: messageIs(subject.text) };
    case 'textMatches':
      return { matched: safeMatch(condition.pattern, subject.text), reason: messageIs(subject.text) };
    case 'serviceHours':
      return { matched: subject.withinServiceHours === condition.within, reason: { key: subject.withinServiceHours ? 'withinServiceHours' : 'outsideServiceHours' } };
    case 'status':
      return among(subject.status, condition.statuses as readonly string[], { key: 'statusIs', values: { status: subject.status } });
    case 'priority':
      return among(subject.priority, condition.priorities as readonly string[], { key: 'priorityIs', values: { priority: subject.priority } });
    case 'owner':
      return { matched: subject.userId === condition.userId, reason: { key: 'ownerIs', values: { userId: subject.userId } } };
    case 'firstMessage': {
      const first = subject.customerMessages <= 1;
      return { matched: first === condition.first, reason: { key: 'customerMessages', values: { count: subject.customerMessages } } };
    }
  }
};

const combine = (match: 'all' | 'any', results: boolean[]) => (match === 'all' ? results.every(Boolean) : results.some(Boolean));

// the fact of the subject each kind of condition reads
const factOf: Record<AutomationCondition['kind'], keyof ConditionSubject> = {
  channel: 'channel',
  connection: 'connectionId',
  queue: 'queueId',
  tag: 'contact',
  contactField: 'contact',
  textContains: 'text',
  textMatches: 'text',
  serviceHours: 'withinServiceHours',
  status: 'status',
  priority: 'priority',
  owner: 'userId',
  firstMessage: 'customerMessages',
};

// undefined: not known from the facts at hand
type Verdict = boolean | undefined;

// all/any over true, false and unknown (Kleene's logic): false only when the known ones settle it
const combineKnown = (match: 'all' | 'any', verdicts: Verdict[]): Verdict => {
  const settling = match === 'all' ? false : true;
  if (verdicts.includes(settling)) return settling;
  return verdicts.includes(undefined) ? undefined : !settling;
};

// false only when the facts at hand already rule the tree out; evaluateConditions decides the rest
export const mayMatch = (tree: ConditionTree, facts: Partial<ConditionSubject>) => {
  const verdictOf = (condition: AutomationCondition): Verdict =>
    facts[factOf[condition.kind]] === undefined ? undefined : checkCondition(condition, facts as ConditionSubject).matched;
  const groups = tree.groups.map((group): Verdict => (group.conditions.length === 0 ? true : combineKnown(group.match, group.conditions.map(verdictOf))));
  return groups.length === 0 || combineKnown(tree.match, groups) !== false;
};

export const evaluateConditions = (tree: ConditionTree, subject: ConditionSubject) => {
  const outcomes: ({ condition: AutomationCondition } & Outcome)[] = [];
  const groups = tree.groups.map((group) => {
    const results = group.conditions.map((condition) => {
      const outcome = checkCondition(condition, subject);
      outcomes.push({ condition, ...outcome });
      return outcome.matched;
    });
    return results.length === 0 || combine(group.match, results);
  });
  return { matched: groups.length === 0 || combine(tree.match, groups), conditions: outcomes };
};
