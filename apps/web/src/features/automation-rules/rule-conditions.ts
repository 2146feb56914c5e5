// The kinds of a rule's conditions and the blank condition of each (issue 40 point 1).
import { automationCondition, type AutomationCondition } from '@atende/shared/automation';

export type ConditionKind = AutomationCondition['kind'];

export const conditionKinds: ConditionKind[] = automationCondition.options.map((option) => option.shape.kind.value);

// what each kind starts with: lists empty and records unpicked (the schema asks for them)
const blanks: { [Kind in ConditionKind]: Extract<AutomationCondition, { kind: Kind }> } = {
  channel: { kind: 'channel', channels: [] },
  connection: { kind: 'connection', connectionIds: [] },
  queue: { kind: 'queue', queueIds: [] },
  tag: { kind: 'tag', tagId: 0, present: true },
  contactField: { kind: 'contactField', field: 'name', contains: '' },
  textContains: { kind: 'textContains', text: '' },
  textMatches: { kind: 'textMatches', pattern: '' },
  serviceHours: { kind: 'serviceHours', within: true },
  status: { kind: 'status', statuses: [] },
  priority: { kind: 'priority', priorities: [] },
  owner: { kind: 'owner', userId: null },
  firstMessage: { kind: 'firstMessage', first: true },
};

export const blankCondition = (kind: ConditionKind): AutomationCondition => structuredClone(blanks[kind]);
