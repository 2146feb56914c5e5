import type { MessageView } from '@atende/shared/messages';
import { describe, expect, it } from 'vitest';
import { newerMessage } from './tickets-cache.ts';

const message = (overrides: Partial<MessageView>) => ({ id: 1, body: 'Oi', ack: 0, updatedAt: '2026-01-01T10:00:00.000Z', ...overrides }) as MessageView;

describe('a message reaching the chat twice (01-core §4 Messages, issue 11)', () => {
  it("keeps the channel's ack when the send's older answer lands after it", () => {
    const acked = message({ ack: 1, updatedAt: '2026-01-01T10:00:00.040Z' });
    expect(newerMessage(acked, message({ ack: 0 }))).toBe(acked);
  });
  it('never lowers the ack, even from a copy stamped the same moment', () => {
    expect(newerMessage(message({ ack: 2 }), message({ ack: 0, body: 'Oi!' }))).toMatchObject({ ack: 2, body: 'Oi!' });
  });
  it('takes a newer copy', () => {
    expect(newerMessage(message({ ack: 1 }), message({ ack: 3, updatedAt: '2026-01-01T10:00:01.000Z' }))).toMatchObject({ ack: 3 });
  });
});
