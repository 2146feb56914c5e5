import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '@atende/shared/errors';

type Tree = { [key: string]: string | Tree };
const load = (language: string) => JSON.parse(readFileSync(new URL(`./${language}.json`, import.meta.url), 'utf8')) as Tree;
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));

describe('translations (01-core §1 languages)', () => {
  const pt = keysOf(load('pt')).sort();
  it.each(['en', 'es', 'tr'])('%s has exactly the keys of pt', (language) => {
    expect(keysOf(load(language)).sort()).toEqual(pt);
  });
  it('every error code of the catalogue has a translation', () => {
    const missing = errorCodes.filter((code) => !pt.includes(`errors.${code}`));
    expect(missing).toEqual([]);
  });
  it('no translation is empty', () => {
    for (const language of ['pt', 'en', 'es', 'tr']) {
      // parsed once: parsing the catalogue again for each key took seconds on a busy machine
      const tree = load(language);
      const empty = keysOf(tree).filter((key) => {
        const value = key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part], tree);
        return typeof value === 'string' && value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });
});
