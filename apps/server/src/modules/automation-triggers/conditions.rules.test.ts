import type { AutomationCondition, ConditionTree } from '@atende/shared/automation';
import { describe, expect, it } from 'vitest';
import { mayMatch } from './conditions.rules.ts';

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
