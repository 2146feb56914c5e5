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
    expect(regexProblem('pedido(?= urgente)')).toBe('validation.regexUnsupported');
    expect(regexProblem('(?<!não )quero')).toBe('validation.regexUnsupported');
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

  it('issue 40 bad input: an accepted pattern that would backtrack over 4000 characters in RegExp runs on the linear-time engine and answers; the same pattern matches a short text', () => {
    // about 40 s of backtracking in RegExp
    expect(safeMatch('\\d*\\d*y', '1'.repeat(4000))).toBe(false);
    expect(safeMatch('\\d*\\d*y', `${'1'.repeat(3999)}y`)).toBe(true);
    // doubles with each group: hours in RegExp
    expect(safeMatch(`${'(a|a)'.repeat(40)}b`, 'a'.repeat(60))).toBe(false);
    expect(safeMatch('\\d*\\d*y', '12y')).toBe(true);
    expect(safeMatch(`${'(a|a)'.repeat(40)}b`, `${'a'.repeat(40)}b`)).toBe(true);
  });

  it('matches alike on either engine: case and accents folded, Unicode, anchors, word boundaries', () => {
    // one choice point: RegExp; more: RE2JS
    for (const pattern of ['^PEDIDO #\\d+$', '^pedido #\\d+ ?(urgente)?$']) expect(safeMatch(pattern, 'Pedido #42')).toBe(true);
    for (const pattern of ['ÉCOLE', 'ÉCOLE|escola ?']) expect(safeMatch(pattern, 'na école')).toBe(true);
    for (const pattern of ['\\bcancel', '\\bcancel(ar|amento)?']) expect(safeMatch(pattern, 'precancelar')).toBe(false);
    for (const pattern of ['😀+', '😀+|🙂+']) expect(safeMatch(pattern, 'oi 😀😀')).toBe(true);
  });
});
