import { describe, expect, it } from 'vitest';
import { newConnectionToken as generateToken } from '@atende/shared/connections';
import { formatUpdatedAt } from './connections-api.ts';

describe('connections helpers', () => {
  it('generates 30 random letters or digits', () => {
    const token = generateToken();
    expect(token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(generateToken()).not.toBe(token);
  });
  it('formats the last update as dd/MM/yy HH:mm', () => {
    expect(formatUpdatedAt(new Date(2026, 0, 5, 9, 7).toISOString())).toBe('05/01/26 09:07');
    expect(formatUpdatedAt('nope')).toBe('');
  });
});
