// Helpers for the attendance journeys: an API client with an admin token, a sandbox connection
// that plays the customer, and a server started on a data folder seeded with queues (the queues
// screens are another issue's work, so queues are written straight into the embedded database
// between two starts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from './server.ts';

export type Api = {
  token: string;
  userId: number;
  call: <T>(method: string, path: string, body?: unknown) => Promise<T>;
};

export const apiAs = async (url: string, email: string, password: string): Promise<Api> => {
  const login = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login failed ${login.status}: ${await login.text()}`);
  const answer = (await login.json()) as { token: string; user: { id: number } };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${answer.token}`, ...(body !== undefined && { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} -> ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return { token: answer.token, userId: answer.user.id, call };
};

export type Sandbox = {
  id: number;
  inbound: (from: string, name: string, body: string) => Promise<void>;
  outbox: () => Promise<{ body: string }[]>;
};

export const createSandbox = async (api: Api, name = 'Sandbox'): Promise<Sandbox> => {
  const connection = await api.call<{ id: number }>('POST', '/sandbox/connections', { name });
  return {
    id: connection.id,
    inbound: async (from, contactName, body) => {
      await api.call('POST', `/sandbox/${connection.id}/messages`, { from, name: contactName, body });
    },
    outbox: () => api.call<{ body: string }[]>('GET', `/sandbox/${connection.id}/outbox`),
  };
};

export type SeededServer = RunningServer & { queues: { id: number; name: string }[] };

// Starts once to migrate and seed, writes the queues, then starts again on the same folder.
export const startServerWithQueues = async (queues: { name: string; color: string }[]): Promise<SeededServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-e2e-seeded-'));
  const first = await startServer({ DATA_DIR: dataDir });
  await first.stop();
  const db = await PGlite.create(join(dataDir, 'pglite'));
  const created: { id: number; name: string }[] = [];
  for (const queue of queues) {
    const result = await db.query<{ id: number; name: string }>(
      'insert into queues (company_id, name, color) values (1, $1, $2) returning id, name',
      [queue.name, queue.color],
    );
    created.push(result.rows[0]);
  }
  await db.close();
  const server = await startServer({ DATA_DIR: dataDir });
  return {
    ...server,
    queues: created,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export const signIn = async (page: Page, url: string, email: string, password: string) => {
  await page.goto(`${url}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-bar').waitFor();
};
