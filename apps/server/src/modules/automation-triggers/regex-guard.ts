// Regular-expression conditions (issue 40 bad input, docs/automation.md). A pattern is refused when
// it is written if it plainly backtracks catastrophically (a quantified group that itself holds a
// quantifier or an alternation, as in (a+)+ or (a?a?)+, or a back-reference, or more than two
// repeats in all, as in .*.*.*x), and the text it runs on is cut to MAX_MATCHED_TEXT characters.
// What is left can still backtrack over triples of positions (\d*\d*y takes seconds on 4000
// digits, (a|a)(a|a)...b doubles with each group), and Node's RegExp has no time limit of its own:
// a pattern with more than one choice point (a variable quantifier or an alternation) runs in a vm
// script under MATCH_TIME_LIMIT_MS, and one that runs out matches nothing.
// A refusal is a validation key: the web words it.
import vm from 'node:vm';

export const MAX_MATCHED_TEXT = 4000;

// wall-clock time: generous, so a busy machine does not cut a sound match short
const MATCH_TIME_LIMIT_MS = 200;

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

export const regexProblem = (pattern: string): string | undefined => {
  try {
    new RegExp(pattern, 'iu');
  } catch {
    return 'validation.regexInvalid';
  }
  return scan(pattern).reason;
};

// Every event of a trigger runs its rules' patterns: each is checked and compiled once per process
// (a pattern is its own key, whichever company wrote it), up to MAX_COMPILED of them at a time.
const MAX_COMPILED = 1000;
// bounded: at most one choice point, so at worst pairs of positions of the text (milliseconds)
type Compiled = { regex: RegExp; bounded: boolean } | null;
const compiled = new Map<string, Compiled>();

const compiledPattern = (pattern: string): Compiled => {
  const known = compiled.get(pattern);
  if (known !== undefined) return known;
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  const entry = regexProblem(pattern) === undefined ? { regex: new RegExp(pattern, 'iu'), bounded: scan(pattern).choices <= 1 } : null;
  compiled.set(pattern, entry);
  return entry;
};

// one context for every timed match; the vm's watchdog stops the script, regex included, at the limit
const timed = vm.createContext({ regex: /$^/, text: '' });
const timedTest = new vm.Script('regex.test(text)');

const testWithin = (regex: RegExp, text: string) => {
  Object.assign(timed, { regex, text });
  try {
    return timedTest.runInContext(timed, { timeout: MATCH_TIME_LIMIT_MS }) === true;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return false;
    throw error;
  }
};

// a refused pattern (saved before the guard knew it) matches nothing; nor does one out of time
export const safeMatch = (pattern: string, text: string) => {
  const entry = compiledPattern(pattern);
  if (!entry) return false;
  const cut = text.slice(0, MAX_MATCHED_TEXT);
  return entry.bounded ? entry.regex.test(cut) : testWithin(entry.regex, cut);
};
