import { describe, expect, it } from 'vitest';
import { regexProblem, safeMatch } from './regex-guard.ts';

describe('regexProblem: a refused pattern answers a validation key the web translates (issue 40 bad input, i18n rule)', () => {
  it('names each reason by its key', () => {
    expect(regexProblem('(a')).toBe('validation.regexInvalid');
    expect(regexProblem('(a)\\1')).toBe('validation.regexBackReference');
    expect(regexProblem('(?<x>a)\\k<x>')).toBe('validation.regexBackReference');
    expect(regexProblem('.*a.*b.*c')).toBe('validation.regexTooManyRepeats');
    expect(regexProblem('(a+)+$')).toBe('validation.regexNestedRepeat');
    expect(regexProblem('(a|aa)*')).toBe('validation.regexNestedRepeat');
  });

  it('accepts a safe pattern, and a refused one matches nothing', () => {
    expect(regexProblem('^order #\\d{4}$')).toBeUndefined();
    expect(safeMatch('^order #\\d{4}$', 'Order #1234')).toBe(true);
    expect(safeMatch('(a+)+$', 'aaaa')).toBe(false);
  });
});
