// What an attacker sends: hostile scalar values, mutations of a valid-ish body or query, hostile
// path segments, and raw bodies that are not the JSON a route expects (ARCHITECTURE §4 Input is hostile).
import fc from 'fast-check';

export const HUGE = 'x'.repeat(100_000);

// encodeURIComponent throws on a lone surrogate; send its raw (invalid) UTF-8 bytes instead.
export const encodeSegment = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  }
};

export const hostileStrings = [
  "' OR 1=1 --",
  "'; drop table users; --",
  '; drop table users;',
  '1; select pg_sleep(0)',
  "\\'",
  '%',
  '_%_',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd',
  'file:///etc/passwd',
  '\u0000',
  'a\u0000b',
  '%00',
  '\u202Egnp.exe\u202C',
  'مرحبا بالعالم',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  'ｆｕｌｌｗｉｄｔｈ',
  '\ud800',
  'e\u0301\u0301\u0301',
  '<script>alert(1)</script>',
  '<svg onload=alert(1)>',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  '\r\nSet-Cookie: x=1',
  ' ',
  '',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x7fffffff',
  '9999999999999999999999',
  '1.5',
  '[]',
  '{}',
  '[1,"a",null]',
  '["open","closed",',
  HUGE,
];

export const hostileNumbers = [-1, 0, -0, 1.5, -2_147_483_649, 2_147_483_648, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 1e308, -1e308, Number.MIN_VALUE];

const nested = (depth: number): unknown => (depth === 0 ? 'deep' : { a: nested(depth - 1) });

// One hostile JSON value (NaN and Infinity become null in JSON, so they are covered by null).
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...hostileStrings), weight: 6 },
  { arbitrary: fc.constantFrom(...hostileNumbers), weight: 3 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [HUGE], { $gt: '' }, { id: 1 }, nested(60)), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.array(fc.constantFrom(...hostileStrings.slice(0, 20), ...hostileNumbers), { maxLength: 4 }), weight: 1 },
);

// Fields an attacker adds hoping for mass assignment.
export const extraKeys = ['super', 'passwordHash', 'companyId', 'profile', 'id', 'isAdmin', 'tokenVersion', 'zzUnknown'];

export type Mutation = { kind: string; apply: (base: Record<string, unknown>) => unknown };

// Mutations of an object (body or query) whose keys are known.
export const objectMutation = (keys: string[]): fc.Arbitrary<Mutation> => {
  const options: Array<fc.Arbitrary<Mutation>> = [
    fc.tuple(fc.constantFrom(...extraKeys), hostileValue).map(([key, value]) => ({
      kind: `extra field ${key}`,
      apply: (base) => ({ ...base, [key]: value }),
    })),
    hostileValue.map((value) => ({ kind: 'whole value replaced', apply: () => value })),
    fc.constant({ kind: 'unchanged (valid-ish)', apply: (base: Record<string, unknown>) => base }),
  ];
  if (keys.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...keys), hostileValue).map(([key, value]) => ({
        kind: `field ${key} replaced`,
        apply: (base) => ({ ...base, [key]: value }),
      })),
      fc.tuple(fc.subarray(keys, { minLength: 1 }), hostileValue).map(([chosen, value]) => ({
        kind: `fields ${chosen.join(',')} replaced`,
        apply: (base) => ({ ...base, ...Object.fromEntries(chosen.map((key) => [key, value])) }),
      })),
      fc.constantFrom(...keys).map((key) => ({
        kind: `field ${key} dropped`,
        apply: (base) => Object.fromEntries(Object.entries(base).filter(([name]) => name !== key)),
      })),
      fc.constantFrom(...keys).map((key) => ({ kind: `field ${key} null`, apply: (base) => ({ ...base, [key]: null }) })),
    );
  }
  return fc.oneof(...options);
};

// A path segment: the caller's own ids (weighted so the happy shape is common) or a hostile value.
export const pathSegment = (real: Array<string | number>): fc.Arbitrary<string> => {
  const hostile = fc.oneof(
    fc.constantFrom(...hostileStrings.filter((text) => text.length < 2000), ...hostileNumbers).map((value) => encodeSegment(String(value))),
    // unencoded traversal and encoded separators reach the router as such
    fc.constantFrom('..%2f..%2fetc%2fpasswd', '%2e%2e%2f', '%ED%A0%80', '%FF%FE', '%C0%AF', '..%5c..%5c', '%252e%252e%252f', '1%00', '1;2', '1,2', '1 ', '+1', '01', '1e3', '0x1'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).map(encodeSegment),
  );
  if (real.length === 0) return hostile;
  return fc.oneof({ arbitrary: fc.constantFrom(...real.map(String)).map(encodeSegment), weight: 1 }, { arbitrary: hostile, weight: 1 });
};

// Query strings: JSON-ish values become text; mutations add repeated keys and bracket syntax.
export const toQueryString = (query: unknown, extra: string[] = []) => {
  const parts: string[] = [];
  if (query && typeof query === 'object' && !Array.isArray(query)) {
    for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
      const values = Array.isArray(value) && value.length > 0 ? value : [value];
      for (const each of values) {
        const text = typeof each === 'string' ? each : JSON.stringify(each) ?? '';
        parts.push(`${encodeSegment(key)}=${encodeSegment(text)}`);
      }
    }
  } else if (query !== undefined) {
    parts.push(encodeSegment(typeof query === 'string' ? query : JSON.stringify(query) ?? ''));
  }
  parts.push(...extra);
  return parts.length ? `?${parts.join('&')}` : '';
};

export const rawQueryExtras = fc.constantFrom<string[]>(
  [],
  [],
  ['pageNumber=1&pageNumber=2'],
  ['searchParam[$ne]=1'],
  ['__proto__[x]=1'],
  ['constructor[prototype][x]=1'],
  ['%ZZ=%ZZ'],
  ['a=%00'],
  [`searchParam=${'%F0%9F%98%80'.repeat(50)}`],
);

// Bodies that are not the JSON object a route expects, with the content type they claim.
export type RawBody = { kind: string; contentType?: string; body: string };
export const rawBodies: RawBody[] = [
  { kind: 'malformed JSON', contentType: 'application/json', body: '{"name":' },
  { kind: 'single quotes', contentType: 'application/json', body: "{'name':'x'}" },
  { kind: 'trailing garbage', contentType: 'application/json', body: '{"name":"x"} garbage' },
  { kind: 'NUL in JSON', contentType: 'application/json', body: '\u0000' },
  { kind: 'empty JSON', contentType: 'application/json', body: '' },
  { kind: 'JSON null', contentType: 'application/json', body: 'null' },
  { kind: 'JSON array', contentType: 'application/json', body: '[{"id":1}]' },
  { kind: 'NaN literal', contentType: 'application/json', body: '{"id":NaN}' },
  { kind: 'prototype pollution', contentType: 'application/json', body: '{"__proto__":{"super":true},"name":"x"}' },
  { kind: 'constructor pollution', contentType: 'application/json', body: '{"constructor":{"prototype":{"super":true}}}' },
  { kind: 'deep nesting', contentType: 'application/json', body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { kind: 'over the body limit', contentType: 'application/json', body: `{"name":"${'x'.repeat(1024 * 1024 + 10)}"}` },
  { kind: 'text/plain', contentType: 'text/plain', body: 'name=x' },
  { kind: 'xml', contentType: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
  { kind: 'form encoded', contentType: 'application/x-www-form-urlencoded', body: 'name=x&super=true' },
  { kind: 'broken multipart', contentType: 'multipart/form-data; boundary=zzz', body: '--zzz\r\nContent-Disposition: form-data; name="x"\r\n\r\n' },
  { kind: 'json charset latin1', contentType: 'application/json; charset=latin1', body: '{"name":"\u00e9"}' },
  { kind: 'no content type', body: '{"name":"x"}' },
];
