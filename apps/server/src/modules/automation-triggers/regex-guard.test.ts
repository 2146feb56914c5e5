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

  it('issue 40 bad input: a group of optional parts that repeats, (a?a?)+, is refused like (a+)+; an optional group or an optional inside a group that does not repeat is not', () => {
    expect(regexProblem('(a?a?)+$')).toBe('validation.regexNestedRepeat');
    expect(regexProblem('(a?){25}a{25}')).toBe('validation.regexNestedRepeat');
    expect(regexProblem('(pedido|order)? ?#?\\d+')).toBeUndefined();
    expect(regexProblem('(?:https?://)?\\S+')).toBeUndefined();
    expect(safeMatch('(pedido|order)? ?#?\\d+', 'pedido #42')).toBe(true);
  });

  it('issue 40 bad input: an accepted pattern that backtracks over 4000 characters runs under the time limit and matches nothing; the same pattern matches a short text', () => {
    // about 40 s of backtracking without the limit
    expect(safeMatch('\\d*\\d*y', '1'.repeat(4000))).toBe(false);
    // doubles with each group: hours without the limit
    expect(safeMatch(`${'(a|a)'.repeat(40)}b`, 'a'.repeat(60))).toBe(false);
    expect(safeMatch('\\d*\\d*y', '12y')).toBe(true);
    expect(safeMatch(`${'(a|a)'.repeat(40)}b`, `${'a'.repeat(40)}b`)).toBe(true);
  });
});
