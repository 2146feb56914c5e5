import { describe, expect, it } from 'vitest';
import { slaChipState } from './sla-chip-state.ts';

const MINUTE_MS = 60_000;
const start = Date.parse('2026-11-29T10:00:00.000Z');
const target = (minutes: number, breached = false) => ({
  kind: 'firstResponse' as const,
  startedAt: new Date(start).toISOString(),
  dueAt: new Date(start + minutes * MINUTE_MS).toISOString(),
  breached,
});

describe('issue 40 point 3: the SLA chip', () => {
  it('counts the minutes left, amber under a quarter of the target, red once overdue', () => {
    expect(slaChipState(target(60), start + 10 * MINUTE_MS)).toEqual({ tone: 'onTime', minutes: 50 });
    expect(slaChipState(target(60), start + 45 * MINUTE_MS + 1)).toEqual({ tone: 'warning', minutes: 15 });
    expect(slaChipState(target(60), start + 59.5 * MINUTE_MS)).toEqual({ tone: 'warning', minutes: 1 });
    expect(slaChipState(target(60), start + 65 * MINUTE_MS)).toEqual({ tone: 'overdue', minutes: 5 });
  });

  it('a breach recorded by the server is red whatever the clock says', () => {
    expect(slaChipState(target(60, true), start + 30 * MINUTE_MS).tone).toBe('overdue');
  });
});
