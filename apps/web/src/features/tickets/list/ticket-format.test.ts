import { describe, expect, it } from 'vitest';
import { formatTicketCount, lastMessagePreview } from './ticket-format.ts';
import { cut, formatTicketTime } from '../../../lib/format.ts';

describe('ticket row formatting (01-core §9)', () => {
  it('cuts long text and keeps short text', () => {
    expect(cut('abc', 40)).toBe('abc');
    expect(cut('x'.repeat(45), 40)).toBe(`${'x'.repeat(40)}...`);
  });
  it('shows HH:mm today and dd/MM/yyyy on other days', () => {
    const now = new Date(2025, 4, 10, 15, 0);
    expect(formatTicketTime(new Date(2025, 4, 10, 9, 5).toISOString(), now)).toBe('09:05');
    expect(formatTicketTime(new Date(2025, 4, 9, 9, 5).toISOString(), now)).toBe('09/05/2025');
  });
  it('shows a count past the cap as the cap and a plus', () => {
    expect(formatTicketCount(8000, 'pt-BR')).toBe('8.000');
    expect(formatTicketCount(10_001, 'pt-BR')).toBe('10.000+');
    expect(formatTicketCount(10_001, 'en')).toBe('10,000+');
  });
  it('shows a document as its icon, never as the word "application" (issue 35 point 10)', () => {
    expect(lastMessagePreview('application')).toBe('📄');
    expect(lastMessagePreview('📄 contrato.pdf')).toBe('📄 contrato.pdf');
    expect(lastMessagePreview('Olá')).toBe('Olá');
  });
});
