// Issue 36 point 2: the OpenAPI document is one an integrator can generate a client from. It passes
// `redocly lint` with the recommended rules, and a TypeScript client generated from it
// (openapi-typescript's types driving openapi-fetch) compiles, its calls typed by the contracts.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import openapiTS from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../../..');
const bin = (name: string) => join(root, 'node_modules/.bin', name);

let t: TestApp;
let folder: string;
let document: { paths: Record<string, Record<string, { operationId?: string; summary?: string }>> };
beforeAll(async () => {
  t = await startTestApp();
  folder = mkdtempSync(join(tmpdir(), 'atende-openapi-'));
  document = (await t.request<typeof document>('GET', '/openapi.json')).body;
  writeFileSync(join(folder, 'openapi.json'), JSON.stringify(document, null, 1));
});
afterAll(async () => {
  await t?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

// what a command printed, for the failure's message
const outcome = async (command: Promise<{ stdout: string; stderr: string }>) =>
  command.then(
    ({ stdout, stderr }) => ({ code: 0, output: `${stdout}${stderr}` }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
  );

describe('the OpenAPI document for integrators (issue 36 point 2)', () => {
  it('every operation has an operationId, unique, and a summary', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ call: `${method.toUpperCase()} ${path}`, ...operation })));
    expect(operations.filter((operation) => !operation.operationId || !operation.summary).map((operation) => operation.call)).toEqual([]);
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('passes `redocly lint` with the recommended rules', async () => {
    const lint = await outcome(
      run(bin('redocly'), ['lint', join(folder, 'openapi.json'), '--config', join(root, 'redocly.yaml'), '--format', 'stylish', '--max-problems', '1000'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 16 * 1024 * 1024,
      }),
    );
    expect(lint.code, lint.output.split('\n').filter((line) => / error /.test(line)).slice(0, 40).join('\n')).toBe(0);
  }, 60_000);

  it('a client generated from it compiles, and a call typed by it does not when it misreads an answer', async () => {
    writeFileSync(join(folder, 'api.ts'), await openapiTS(document as never));
    const client = (title: string) => `import createClient from 'openapi-fetch';
import type { paths } from './api.ts';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:1' });
export const helpTitle = async (id: number) => {
  const { data, error } = await client.PUT('/helps/{id}', { params: { path: { id } }, body: { title: 'Primeiros passos' } });
  if (error) return error.error;
  const title: ${title} = data.title;
  return title;
};
export const prompts = async () => (await client.GET('/prompt')).data?.prompts.map((prompt) => prompt.name);
`;
    const compile = (file: string) => {
      writeFileSync(
        join(folder, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', allowImportingTsExtensions: true, types: [], paths: { 'openapi-fetch': [join(root, 'node_modules/openapi-fetch/dist/index.d.mts')] } },
          files: [file],
        }),
      );
      return outcome(run(bin('tsc'), ['-p', folder]));
    };
    writeFileSync(join(folder, 'client.ts'), client('string'));
    const compiled = await compile('client.ts');
    expect(compiled.code, compiled.output).toBe(0);
    // the marker that the compile checks the answers' types: the same client reading a title as a number fails
    writeFileSync(join(folder, 'misread.ts'), client('number'));
    const misread = await compile('misread.ts');
    expect(misread.output).toContain("Type 'string' is not assignable to type 'number'");
    // two compiles of a large generated file on a shared machine
  }, 180_000);
});
