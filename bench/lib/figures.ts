// Every figure a run prints, by name, so `npm run bench -- --compare` can set each beside the last
// committed run (bench/figures.json) and `-- --record` can replace that file with this run's.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { heading, line, root } from './common.ts';

type Figure = { value: number; unit: string };
type Recorded = { at: string; load: string; figures: Record<string, Figure> };

const FILE = join(root, 'bench/figures.json');
const figures: Record<string, Figure> = {};

export const record = (name: string, value: number, unit: string) => {
  if (Number.isFinite(value)) figures[name] = { value: Math.round(value * 10) / 10, unit };
};

const readLast = (): Recorded | undefined => {
  try {
    return JSON.parse(readFileSync(FILE, 'utf8')) as Recorded;
  } catch {
    return undefined;
  }
};

export const compareWithLast = () => {
  const last = readLast();
  heading(`This run beside the last committed figures (bench/figures.json${last ? `, ${last.at}, load ${last.load}` : ': none yet'})`);
  line('| figure | now | last | change |');
  line('|---|---|---|---|');
  for (const [name, figure] of Object.entries(figures)) {
    const before = last?.figures[name];
    const change = before && before.value !== 0 ? `${(((figure.value - before.value) / before.value) * 100).toFixed(0)} %` : '-';
    line(`| ${name} | ${figure.value} ${figure.unit} | ${before ? `${before.value} ${before.unit}` : '-'} | ${change} |`);
  }
};

// Parts not run this time keep their last figures.
export const recordAsLast = (load: string) => {
  const last = readLast();
  const merged: Recorded = { at: new Date().toISOString(), load, figures: { ...last?.figures, ...figures } };
  writeFileSync(FILE, `${JSON.stringify(merged, null, 2)}\n`);
};
