import { describe, expect, it } from 'vitest';
import { parseNpsAnswer, ratingFace, ratingLevel } from './ratings.ts';

describe('NPS answers and faces (02-operations §5 NPS scale 0 to 10; 01-core §9 ratings map to emoji)', () => {
  it('accepts whole numbers 0..10 only', () => {
    expect(parseNpsAnswer(' 10 ')).toBe(10);
    expect(parseNpsAnswer('0')).toBe(0);
    expect(parseNpsAnswer('11')).toBeNull();
    expect(parseNpsAnswer('7.5')).toBeNull();
    expect(parseNpsAnswer('nota 8')).toBeNull();
    expect(parseNpsAnswer('')).toBeNull();
  });

  it('maps the scale onto five faces', () => {
    expect([0, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(ratingLevel)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    expect(ratingFace(10)).toBe('😍');
    expect(ratingFace(0)).toBe('😡');
  });
});
