// search_fold (migrations 0022 and 0027): the ticket search's accent- and case-free text. Migration
// 0027 skips translate() for all-ASCII text; it must give exactly what the first definition gave,
// or the trigram indexes built over it would hold other values than the searches compute.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

const samples = [
  '',
  'reembolso',
  'Reembolso SOLICITADO 123',
  'reembolsó',
  'REEMBOLSÓ já, por favor',
  'Ação, ÇÃO, ñandu, Ýves, ÿ',
  'pedido 👍 com emoji',
  'tab\tand\nnew line ~!@#$%^&*()',
  'Ünïcödé àèìòù ÀÈÌÒÙ âêîôû',
  'Москва',
];

describe('ticket search text (01-core §7 GET /tickets searchParam, searchOnMessages)', () => {
  it('folds every text as the first definition did, ASCII or not, and keeps null as null', async () => {
    const folded = rowsOf<{ sample: string | null; now: string | null; first: string | null }>(
      await database.db.execute(sql`
        select sample, search_fold(sample) as now,
          lower(translate(sample,
            'áàâãäåÁÀÂÃÄÅéèêëÉÈÊËíìîïÍÌÎÏóòôõöÓÒÔÕÖúùûüÚÙÛÜçÇñÑýÿÝ',
            'aaaaaaAAAAAAeeeeEEEEiiiiIIIIoooooOOOOOuuuuUUUUcCnNyyY')) as first
        from unnest(${sql.raw(`array[${samples.map((sample) => `'${sample.replaceAll("'", "''")}'`).join(', ')}, null]::text[]`)}) as sample`),
    );
    expect(folded).toHaveLength(samples.length + 1);
    for (const row of folded) expect(row.now, String(row.sample)).toBe(row.first);
    expect(folded.find((row) => row.sample === 'REEMBOLSÓ já, por favor')?.now).toBe('reembolso ja, por favor');
    expect(folded.find((row) => row.sample === 'Reembolso SOLICITADO 123')?.now).toBe('reembolso solicitado 123');
  });
});
