import { zodResolver } from '@hookform/resolvers/zod';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rawSchemaResolver } from './form-resolver.ts';

const schema = z.object({
  name: z.string().trim().min(3, 'tooShort'),
  options: z.array(z.object({ title: z.string().min(1, 'required') })),
  target: z.union([z.object({ kind: z.literal('user'), userId: z.number() }), z.object({ kind: z.literal('queue'), queueId: z.number() })]),
  count: z.coerce.number().int().min(1, 'min').max(5, 'max'),
});
type Values = { name: string; options: { title: string }[]; target: unknown; count: unknown };

const options = (criteriaMode?: 'all' | 'firstError'): ResolverOptions<Values> => ({ fields: {}, shouldUseNativeValidation: false, criteriaMode });
const bad: Values = { name: ' ab ', options: [{ title: '' }, { title: 'ok' }], target: { kind: 'user' }, count: 'x' };
const good: Values = { name: '  Ana ', options: [{ title: 'a' }], target: { kind: 'queue', queueId: 2 }, count: '3' };

// the forms' resolvers must read a schema's issues exactly as zodResolver did before they replaced it (issue 36 point 3)
describe('the form resolver from a shared schema (issue 36 point 3)', () => {
  for (const mode of ['firstError', 'all'] as const) {
    it(`report the same field errors as zodResolver (criteriaMode ${mode})`, async () => {
      const expected = await zodResolver(schema, undefined, { raw: true })(bad as never, undefined, options(mode) as never);
      expect(await rawSchemaResolver<Values>(schema)(bad, undefined, options(mode))).toEqual(expected);
    });
  }

  it('hands on the form values as they are, as zodResolver raw did', async () => {
    const expected = await zodResolver(schema, undefined, { raw: true })(good as never, undefined, options() as never);
    expect(await rawSchemaResolver<Values>(schema)(good, undefined, options())).toEqual(expected);
    expect(expected).toEqual({ values: good, errors: {} });
  });
});
