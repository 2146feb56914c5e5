import { describe, expect, it } from 'vitest';
import { newContactName } from './new-contact-option.ts';

describe('new ticket: new contact from a typed name (01-core §5 New ticket)', () => {
  it('offers a typed name that matches no contact found', () => {
    expect(newContactName('  Maria Nova ', [])).toBe('Maria Nova');
    expect(newContactName('Maria', [{ name: 'Maria Souza' }])).toBe('Maria');
  });
  it('not for a number, a short text, or a name already found', () => {
    expect(newContactName('5511999', [])).toBeNull();
    expect(newContactName('Ana 2', [])).toBeNull();
    expect(newContactName('Jo', [])).toBeNull();
    expect(newContactName('maria souza', [{ name: 'Maria Souza' }])).toBeNull();
  });
});
