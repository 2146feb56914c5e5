// Regular-expression conditions (issue 40 bad input, docs/automation.md). A pattern is refused when
// it is written if it plainly backtracks catastrophically (a quantified group that itself holds a
// quantifier or an alternation, as in (a+)+ or (a?a?)+, or a back-reference, or more than two
// repeats in all, as in .*.*.*x), or uses what a linear-time engine cannot run (lookarounds), and
// the text it runs on is cut to MAX_MATCHED_TEXT characters. What is left can still backtrack over
// triples of positions in Node's RegExp (\d*\d*y takes seconds on 4000 digits, (a|a)(a|a)...b
// doubles with each group), and a customer writes the text: so a pattern with more than one choice
// point (a variable quantifier or an alternation) runs on RE2JS, which never backtracks (its time
// grows with the text, not with the ways to match it); one with at most one runs on RegExp, faster
// for the common case. A refusal is a validation key: the web words it.
import { RE2JS } from 're2js';

export const MAX_MATCHED_TEXT = 4000;

const quantifierAfter = /^(?:[*+]|\{\d+(?:,\d*)?\})/;

// a '?' that makes what precedes it optional, not a group's '(?' nor a lazy quantifier's
const isOptional = (pattern: string, i: number) => pattern[i] === '?' && i > 0 && !/[(*+?}]/.test(pattern[i - 1]);

// choices: the variable quantifiers and alternations, each a point the matcher may come back to
type Scan = { reason?: string; choices: number };

const scan = (pattern: string): Scan => {
  if (/\\[1-9]|\\k</.test(pattern)) return { reason: 'validation.regexBackReference', choices: 0 };
  // the stack of open groups, each remembering whether it holds a quantifier or an alternation
  const groups: { risky: boolean }[] = [];
  let repeats = 0;
  let others = 0;
  const result = (reason?: string): Scan => ({ reason, choices: repeats + others });
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === '\\') {
      i += 1;
      continue;
    }
    if (char === '[') {
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      continue;
    }
    const top = groups[groups.length - 1];
    if (char === '*' || char === '+' || (char === '{' && /^\{\d+,\d*\}/.test(pattern.slice(i)))) repeats += 1;
    if (isOptional(pattern, i) || char === '|') others += 1;
    if (repeats > 2) return result('validation.regexTooManyRepeats');
    if (char === '(') groups.push({ risky: false });
    else if (char === '|' && top) top.risky = true;
    else if (char === ')') {
      const group = groups.pop();
      const quantified = quantifierAfter.test(pattern.slice(i + 1));
      if (group?.risky && quantified) return result('validation.regexNestedRepeat');
      const parent = groups[groups.length - 1];
      if (parent && (group?.risky || quantified)) parent.risky = true;
    } else if ((char === '*' || char === '+' || char === '{' || isOptional(pattern, i)) && top) top.risky = true;
  }
  return result();
};

const linearTime = (pattern: string) => RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);

export const regexProblem = (pattern: string): string | undefined => {
  try {
    new RegExp(pattern, 'iu');
  } catch {
    return 'validation.regexInvalid';
  }
  const reason = scan(pattern).reason;
  if (reason) return reason;
  try {
    linearTime(pattern);
  } catch {
    return 'validation.regexUnsupported';
  }
  return undefined;
};

// Every event of a trigger runs its rules' patterns: each is checked and compiled once per process
// (a pattern is its own key, whichever company wrote it), up to MAX_COMPILED of them at a time.
const MAX_COMPILED = 1000;
type Compiled = { test: (text: string) => boolean } | null;
const compiled = new Map<string, Compiled>();

const compile = (pattern: string): Compiled => {
  if (regexProblem(pattern) !== undefined) return null;
  // at most one choice point: at worst pairs of positions of the text (milliseconds)
  if (scan(pattern).choices <= 1) {
    const regex = new RegExp(pattern, 'iu');
    return { test: (text) => regex.test(text) };
  }
  const regex = linearTime(pattern);
  return { test: (text) => regex.matcher(text).find() };
};

const compiledPattern = (pattern: string): Compiled => {
  const known = compiled.get(pattern);
  if (known !== undefined) return known;
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  const entry = compile(pattern);
  compiled.set(pattern, entry);
  return entry;
};

// a refused pattern (saved before the guard knew it) matches nothing
export const safeMatch = (pattern: string, text: string) => compiledPattern(pattern)?.test(text.slice(0, MAX_MATCHED_TEXT)) ?? false;
