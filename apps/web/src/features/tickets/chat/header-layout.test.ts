import { describe, expect, it } from 'vitest';
import { headerIsCompact } from './header-layout.ts';

describe('chat header layout (issue 35 point 3)', () => {
  it('keeps labelled buttons where they fit beside the contact and turns them into icons where not', () => {
    // an open ticket: Resolve labelled; return, schedule and menu as icons
    expect(headerIsCompact(700, 1, 3)).toBe(false);
    expect(headerIsCompact(440, 1, 3)).toBe(true);
    // a waiting ticket with Ignore and Accept needs more room
    expect(headerIsCompact(480, 2, 2)).toBe(true);
    expect(headerIsCompact(560, 2, 2)).toBe(false);
  });
  it('starts compact before the header is measured', () => {
    expect(headerIsCompact(0, 1, 3)).toBe(true);
  });
});
