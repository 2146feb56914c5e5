import { describe, expect, it, vi } from 'vitest';
import { FORWARD_PAUSE_MS, forwardMessages, insertAt, parseVCard } from './chat-extras.ts';

describe('chat extras (01-core §4, §9)', () => {
  it('reads name and number from a vCard', () => {
    const card = 'BEGIN:VCARD\nVERSION:3.0\nN:;Maria;;;\nFN:Maria\nTEL;type=CELL;waid=5511999990000:+5511999990000\nEND:VCARD';
    expect(parseVCard(card)).toEqual({ name: 'Maria', number: '+5511999990000' });
    expect(parseVCard(null)).toEqual({ name: '', number: '' });
  });
  it('inserts at the cursor', () => {
    expect(insertAt('abcd', '😀', 2, 2)).toEqual({ value: 'ab😀cd', cursor: 4 });
    expect(insertAt('abcd', 'X', 1, 3)).toEqual({ value: 'aXd', cursor: 2 });
    expect(insertAt('ab', 'X', null, null)).toEqual({ value: 'abX', cursor: 3 });
  });
  it('forwards one message at a time with the pause between', async () => {
    const calls: string[] = [];
    const send = vi.fn(async (id: number, contact: number) => void calls.push(`send ${id}->${contact}`));
    const wait = vi.fn(async (ms: number) => void calls.push(`wait ${ms}`));
    await forwardMessages([3, 5, 8], 9, send, wait);
    expect(calls).toEqual(['send 3->9', `wait ${FORWARD_PAUSE_MS}`, 'send 5->9', `wait ${FORWARD_PAUSE_MS}`, 'send 8->9']);
    expect(FORWARD_PAUSE_MS).toBe(900);
  });
});
