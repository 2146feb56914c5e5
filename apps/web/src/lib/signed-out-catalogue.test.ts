import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// lib/i18n.ts ships only some sections of the Portuguese catalogue with the app; the rest comes with
// the signed-in screens. Every page that can show before that (the signed-out pages) and the code
// the app's entry loads must find its strings in the shipped sections. This follows their static
// imports, as the bundler does, and reads every 'section.key' string they hold.
const web = resolve(import.meta.dirname, '..');
const shared = resolve(web, '../../../packages/shared/src');
const read = (path: string) => readFileSync(path, 'utf8');

const sectionsOfCatalogue = Object.keys(JSON.parse(read(join(web, 'locales/pt.json'))) as object);
const shippedSections = (() => {
  const clause = /import \{([^}]*)\} from '\.\.\/locales\/pt\.json';/.exec(read(join(web, 'lib/i18n.ts')));
  if (!clause) throw new Error('lib/i18n.ts no longer imports sections of pt.json by name');
  return clause[1].split(',').map((name) => name.trim()).filter(Boolean);
})();

const signedOutPages = [...read(join(web, 'app/routing/lazy-pages.ts')).matchAll(/= lazyNamed\(\(\) => import\('([^']+)'\)/g)].map((match) =>
  resolve(join(web, 'app/routing'), match[1]),
);

const staticImports = (file: string) =>
  [...read(file).matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'([^']+)';/gm)].map((match) => match[1]);

const resolveImport = (from: string, specifier: string) => {
  const path = specifier.startsWith('.') ? resolve(dirname(from), specifier) : specifier.startsWith('@atende/shared/') ? join(shared, `${specifier.slice('@atende/shared/'.length)}.ts`) : null;
  return path && /\.tsx?$/.test(path) && existsSync(path) ? path : null;
};

const sectionsUsedFrom = (roots: string[]) => {
  const seen = new Set<string>();
  const used = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, section] of read(file).matchAll(/['"`]([a-zA-Z]+)\.[\w${]/g)) {
      if (sectionsOfCatalogue.includes(section) && !used.has(section)) used.set(section, file.slice(web.length + 1));
    }
    for (const specifier of staticImports(file)) {
      const next = resolveImport(file, specifier);
      if (next) visit(next);
    }
  };
  roots.forEach(visit);
  return { used, files: seen.size };
};

describe('the Portuguese strings that ship with the app (issue 14 point 4 budget)', () => {
  it('the signed-out pages are found in lazy-pages.ts', () => {
    expect(signedOutPages.map((page) => page.slice(web.length + 1)).sort()).toContain('features/login/login-page.tsx');
  });

  it('hold every section the signed-out pages and the entry use', () => {
    const { used, files } = sectionsUsedFrom([join(web, 'main.tsx'), ...signedOutPages]);
    expect(files).toBeGreaterThan(20);
    const missing = [...used].filter(([section]) => !shippedSections.includes(section)).map(([section, file]) => `${section} (used in ${file})`);
    expect(missing).toEqual([]);
  });

  it('hold no section those pages do not use, which would only weigh on the first load', () => {
    const { used } = sectionsUsedFrom([join(web, 'main.tsx'), ...signedOutPages]);
    expect(shippedSections.filter((section) => !used.has(section))).toEqual([]);
  });
});
