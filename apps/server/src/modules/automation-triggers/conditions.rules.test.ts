import type { AutomationCondition, ConditionTree } from '@atende/shared/automation';
import { describe, expect, it } from 'vitest';
import { evaluateConditions, mayMatch, type ConditionSubject } from './conditions.rules.ts';

const tree = (match: 'all' | 'any', ...groups: ConditionTree['groups']): ConditionTree => ({ match, groups });
const refund: AutomationCondition = { kind: 'textContains', text: 'refund' };
const open: AutomationCondition = { kind: 'status', statuses: ['open'] };

describe('mayMatch: the hook decides from the facts at hand (docs/automation.md, issue 40 bench)', () => {
  it('rules a tree out only when the known facts settle it', () => {
    const both = tree('all', { match: 'all', conditions: [refund, open] });
    expect(mayMatch(both, { text: 'hello' })).toBe(false);
    expect(mayMatch(both, { text: 'a refund please' })).toBe(true);
    const either = tree('all', { match: 'any', conditions: [refund, open] });
    expect(mayMatch(either, { text: 'hello' })).toBe(true);
    expect(mayMatch(either, { text: 'hello', status: 'pending' })).toBe(false);
  });

  it('combines groups the same way; no groups and empty groups always hold', () => {
    expect(mayMatch(tree('any', { match: 'all', conditions: [refund] }, { match: 'all', conditions: [{ kind: 'textMatches', pattern: '^order #\\d+$' }] }), { text: 'order #12a' })).toBe(false);
    expect(mayMatch(tree('all', { match: 'all', conditions: [refund] }, { match: 'all', conditions: [open] }), { text: 'refund' })).toBe(true);
    expect(mayMatch(tree('all'), {})).toBe(true);
    expect(mayMatch(tree('all', { match: 'any', conditions: [] }), { text: 'x' })).toBe(true);
  });

  it('a known null is a fact: a ticket without a connection is not on connection 3', () => {
    expect(mayMatch(tree('all', { match: 'all', conditions: [{ kind: 'connection', connectionIds: [3] }] }), { connectionId: null })).toBe(false);
    expect(mayMatch(tree('all', { match: 'all', conditions: [{ kind: 'connection', connectionIds: [3] }] }), {})).toBe(true);
  });
});

describe('evaluateConditions: each reason is a key and the facts it names, for the web to word (issue 40 point 1, i18n rule)', () => {
  const subject: ConditionSubject = {
    channel: 'telegram',
    connectionId: 4,
    queueId: null,
    userId: null,
    status: 'open',
    priority: 'high',
    contact: { fields: { name: 'Rita', email: 'rita@example.com' }, tagIds: new Set([9]) },
    text: 'a refund please',
    customerMessages: 2,
    withinServiceHours: false,
  };
  const reasons = (...conditions: AutomationCondition[]) => evaluateConditions(tree('all', { match: 'all', conditions }), subject).conditions.map(({ matched, reason }) => ({ matched, reason }));

  it("answers the ticket's codes and ids as they are, null for none", () => {
    expect(reasons({ kind: 'channel', channels: ['telegram'] }, { kind: 'queue', queueIds: [2] }, { kind: 'status', statuses: ['pending'] }, { kind: 'priority', priorities: ['high'] }, { kind: 'owner', userId: 3 })).toEqual([
      { matched: true, reason: { key: 'channelIs', values: { channel: 'telegram' } } },
      { matched: false, reason: { key: 'queueIs', values: { queueId: null } } },
      { matched: false, reason: { key: 'statusIs', values: { status: 'open' } } },
      { matched: true, reason: { key: 'priorityIs', values: { priority: 'high' } } },
      { matched: false, reason: { key: 'ownerIs', values: { userId: null } } },
    ]);
  });

  it('answers the contact, the message, the hours and the count', () => {
    expect(
      reasons(
        { kind: 'tag', tagId: 9, present: true },
        { kind: 'contactField', field: 'Email', contains: 'example' },
        { kind: 'contactField', field: 'city', contains: 'x' },
        { kind: 'textContains', text: 'refund' },
        { kind: 'serviceHours', within: true },
        { kind: 'firstMessage', first: false },
      ),
    ).toEqual([
      { matched: true, reason: { key: 'contactHasTag' } },
      { matched: true, reason: { key: 'contactFieldIs', values: { field: 'Email', value: 'rita@example.com' } } },
      { matched: false, reason: { key: 'contactLacksField', values: { field: 'city' } } },
      { matched: true, reason: { key: 'messageIs', values: { text: 'a refund please' } } },
      { matched: false, reason: { key: 'outsideServiceHours' } },
      { matched: true, reason: { key: 'customerMessages', values: { count: 2 } } },
    ]);
  });
});
