import { automationAction } from '@atende/shared/automation';
import { describe, expect, it } from 'vitest';
import { actionKinds, actionParams, blankAction, furtherActionParams } from './action-kinds.ts';

describe('the action editor’s kinds (issue 40 points 1 and 2)', () => {
  it('offers every action kind of the shared schema, each starting as an action of that kind', () => {
    expect(actionKinds).toHaveLength(automationAction.options.length);
    for (const kind of actionKinds) expect(blankAction[kind].kind).toBe(kind);
  });

  it('asks for exactly the parameters each kind carries, and a blank action is refused only for its main one', () => {
    for (const kind of actionKinds) {
      const param = actionParams[kind];
      const keys = Object.keys(blankAction[kind]).filter((key) => key !== 'kind');
      expect(keys).toEqual([param, ...(furtherActionParams[kind] ?? [])].flatMap((asked) => (asked ? [asked.key] : [])));
      const parsed = automationAction.safeParse(blankAction[kind]);
      // the priority starts chosen; a picker or a text starts empty and must be filled in
      expect(parsed.success).toBe(param === null || param.key === 'priority');
    }
  });
});
