import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { settingKind, settingsSections } from './settings-sections.ts';

type Tree = { [key: string]: string | Tree };
const locale = (language: string) => JSON.parse(readFileSync(new URL(`../../locales/${language}.json`, import.meta.url), 'utf8')) as Tree;
const lookup = (tree: Tree, path: string) => path.split('.').reduce<Tree | string | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);

const shown = settingsSections.flatMap((section) => section.settings);

describe('settings page labels (03-saas §3 company settings, issue 11)', () => {
  it('shows the chatbot type as a choice, not as raw text', () => {
    expect(settingKind('chatBotType')).toEqual({ type: 'select', choices: ['text'] });
  });

  it.each(['pt', 'en', 'es', 'tr'])('%s: every setting and every option of a choice has a translated label', (language) => {
    const tree = locale(language);
    const labels = shown.flatMap((key) => {
      const kind = settingKind(key);
      return [`settings.keys.${key}`, ...(kind.type === 'select' ? kind.choices.map((choice) => `settings.values.${choice}`) : [])];
    });
    expect(labels.filter((path) => typeof lookup(tree, path) !== 'string')).toEqual([]);
  });
});
