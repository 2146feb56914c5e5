// Regular-expression conditions (issue 40 bad input, docs/automation.md): Node has no regex time
// limit, so a pattern is refused when it is written if it can backtrack catastrophically (a
// quantified group that itself holds a quantifier or an alternation, as in (a+)+ or (a|aa)*, or a
// back-reference, or more than two repeats in all, as in .*.*.*x), and the text it runs on is cut
// to MAX_MATCHED_TEXT characters. What is left backtracks at worst over pairs of positions of the
// text: milliseconds for 4000 characters. A refusal is a validation key: the web words it.
export const MAX_MATCHED_TEXT = 4000;

const quantifierAfter = /^(?:[*+]|\{\d+(?:,\d*)?\})/;

const unsafeReason = (pattern: string): string | undefined => {
  if (/\\[1-9]|\\k</.test(pattern)) return 'validation.regexBackReference';
  // the stack of open groups, each remembering whether it holds a quantifier or an alternation
  const groups: { risky: boolean }[] = [];
  let repeats = 0;
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
    if (repeats > 2) return 'validation.regexTooManyRepeats';
    if (char === '(') groups.push({ risky: false });
    else if (char === '|' && top) top.risky = true;
    else if (char === ')') {
      const group = groups.pop();
      const quantified = quantifierAfter.test(pattern.slice(i + 1));
      if (group?.risky && quantified) return 'validation.regexNestedRepeat';
      const parent = groups[groups.length - 1];
      if (parent && (group?.risky || quantified)) parent.risky = true;
    } else if ((char === '*' || char === '+' || char === '{') && top) top.risky = true;
  }
  return undefined;
};

export const regexProblem = (pattern: string): string | undefined => {
  try {
    new RegExp(pattern, 'iu');
  } catch {
    return 'validation.regexInvalid';
  }
  return unsafeReason(pattern);
};

// Every event of a trigger runs its rules' patterns: each is checked and compiled once per process
// (a pattern is its own key, whichever company wrote it), up to MAX_COMPILED of them at a time.
const MAX_COMPILED = 1000;
const compiled = new Map<string, RegExp | null>();

const compiledPattern = (pattern: string) => {
  const known = compiled.get(pattern);
  if (known !== undefined) return known;
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  const regex = regexProblem(pattern) === undefined ? new RegExp(pattern, 'iu') : null;
  compiled.set(pattern, regex);
  return regex;
};

// a refused pattern (saved before the guard knew it) matches nothing
export const safeMatch = (pattern: string, text: string) => compiledPattern(pattern)?.test(text.slice(0, MAX_MATCHED_TEXT)) ?? false;
