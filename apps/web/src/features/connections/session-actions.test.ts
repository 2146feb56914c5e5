import { describe, expect, it } from 'vitest';
import { importProgressParts, importStateOf, sessionButtonsFor } from './session-actions.ts';

describe('session column (02-operations §4 Connection status)', () => {
  it('chooses the buttons of a WhatsApp Web session by status (02-operations §4 Connection status)', () => {
    const buttons = (status: string) => sessionButtonsFor({ channel: 'whatsapp', status });
    expect(buttons('qrcode')).toEqual(['qrcode']);
    expect(buttons('DISCONNECTED')).toEqual(['tryAgain', 'newQr']);
    expect(buttons('OPENING')).toEqual(['connecting']);
    expect(buttons('CONNECTED')).toEqual([]);
    expect(buttons('PAIRING')).toEqual(['disconnect']);
    expect(buttons('TIMEOUT')).toEqual(['disconnect']);
  });

  it('adds try again to a session still opening that cannot reach WhatsApp (issue 35 point 8)', () => {
    expect(sessionButtonsFor({ channel: 'whatsapp', status: 'OPENING', statusReason: 'unreachable' })).toEqual(['connecting', 'tryAgain']);
    expect(sessionButtonsFor({ channel: 'whatsapp', status: 'OPENING', statusReason: null })).toEqual(['connecting']);
  });

  it('offers no session command for other channels, only a hint for a disconnected Meta account (02-operations §4 Connection status)', () => {
    expect(sessionButtonsFor({ channel: 'facebook', status: 'DISCONNECTED' })).toEqual(['reconnectHint']);
    expect(sessionButtonsFor({ channel: 'whatsappapi', status: 'CONNECTED' })).toEqual([]);
    expect(sessionButtonsFor({ channel: 'sandbox', status: 'DISCONNECTED' })).toEqual([]);
    expect(sessionButtonsFor({ channel: 'instagram', status: 'qrcode' })).toEqual([]);
  });
});

describe('message import (02-operations §4 Message import)', () => {
  const start = Date.UTC(2026, 0, 5, 12, 0, 0);
  it('reads statusImportMessages: close button, preparing for 35 s, then running (02-operations §4 Message import)', () => {
    expect(importStateOf(null, start)).toBe('none');
    expect(importStateOf('renderButtonCloseTickets', start)).toBe('closeTickets');
    expect(importStateOf(String(start), start + 34_999)).toBe('preparing');
    expect(importStateOf(String(start), start + 35_000)).toBe('running');
    expect(importStateOf('garbage', start)).toBe('none');
  });

  it('shows processed of total with percent, and nothing while the count is -1 (02-operations §4 Message import)', () => {
    expect(importProgressParts({ this: -1, all: 0, date: '' })).toBeNull();
    const parts = importProgressParts({ this: 25, all: 200, date: new Date(2025, 5, 1).toISOString() });
    expect(parts).toMatchObject({ processed: 25, total: 200, percent: 13 });
    expect(parts?.date).toBe(new Date(2025, 5, 1).toLocaleDateString());
  });
});
