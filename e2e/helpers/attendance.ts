// Helpers for the attendance journeys: an API client with an admin token, a sandbox connection
// that plays the customer, and a server started with queues.
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './server.ts';

export type Api = {
  token: string;
  userId: number;
  call: <T>(method: string, path: string, body?: unknown) => Promise<T>;
};

// One sign-in per user (01-core §4 Session): a user's newer sign-in ends the older one. The
// journeys drive a user in the browser and arrange data through the API as that same user, so the
// two share the user's newest sign-in: the API client signs in only when no browser of the user
// has, and a browser's sign-in hands its token to the user's API client (handBrowserSession).
const newestTokens = new Map<string, string>();
const sessionKey = (url: string, email: string) => `${url} ${email.trim().toLowerCase()}`;

export const handBrowserSession = async (page: Page, url: string, email: string) => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (token) newestTokens.set(sessionKey(url, email), token);
};

const meWith = async (url: string, token: string) => {
  const me = await fetch(`${url}/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
  return me.ok ? ((await me.json()) as { id: number }) : undefined;
};

export const apiAs = async (url: string, email: string, password: string): Promise<Api> => {
  const key = sessionKey(url, email);
  const held = newestTokens.get(key);
  let user = held ? await meWith(url, held) : undefined;
  if (!user) {
    const login = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!login.ok) throw new Error(`login failed ${login.status}: ${await login.text()}`);
    const answer = (await login.json()) as { token: string; user: { id: number } };
    newestTokens.set(key, answer.token);
    user = answer.user;
  }
  const token = () => newestTokens.get(key) ?? '';
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token()}`, ...(body !== undefined && { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} -> ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    get token() {
      return token();
    },
    userId: user.id,
    call,
  };
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

// Starts the product and creates the queues through the API, as an admin would.
export const startServerWithQueues = async (queues: { name: string; color: string }[]): Promise<SeededServer> => {
  const server = await startServer();
  const admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  const created: { id: number; name: string }[] = [];
  for (const queue of queues) created.push(await admin.call<{ id: number; name: string }>('POST', '/queue', queue));
  return { ...server, queues: created };
};

export const signIn = async (page: Page, url: string, email: string, password: string) => {
  await page.goto(`${url}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-bar').waitFor();
  await handBrowserSession(page, url, email);
};

// A tool of the chat's composer: on its row, or in its tools menu when the chat is too narrow
// for it (issue 11); the menu is opened when needed.
export const composerTool = async (page: Page, testId: string) => {
  const onRow = page.getByTestId('message-composer-row').getByTestId(testId);
  if (await onRow.isVisible()) return onRow;
  await page.getByTestId('message-tools-menu').click();
  return page.getByRole('menu').getByTestId(testId);
};
