// A stand-in for the Telegram Bot API on loopback, speaking its JSON: /bot<token>/<method> for the
// bots it knows (any other token is 401, as Telegram answers a revoked one), getFile and
// /file/bot<token>/<path> for the files it was given, and the send, edit and delete methods. It
// records every call (multipart uploads as their fields and the file's name and size), keeps the
// webhook each bot was given, and can be told to fail a method's next calls or to refuse a chat
// (a customer who blocked the bot).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Json } from './json.ts';
import { readBody } from './fake-ai.ts';

export type TelegramCall = { token: string; method: string; params: Json; file?: { field: string; name: string; size: number } };
type CannedError = { status: number; description: string; retryAfter?: number };
type Bot = { id: number; username: string; webhook?: { url: string; secret: string; allowedUpdates: string[] } };

export const telegramErrors = {
  rateLimit: (retryAfter: number) => ({ status: 429, description: `Too Many Requests: retry after ${retryAfter}`, retryAfter }),
  blocked: { status: 403, description: 'Forbidden: bot was blocked by the user' },
  badWebhook: { status: 400, description: 'Bad Request: bad webhook: HTTPS url must be provided for webhook' },
} satisfies Record<string, CannedError | ((seconds: number) => CannedError)>;

const FILE_FIELDS = ['photo', 'video', 'voice', 'audio', 'document'];

export const startFakeTelegram = async () => {
  const calls: TelegramCall[] = [];
  const bots = new Map<string, Bot>();
  const files = new Map<string, { data: Buffer; path: string }>();
  const failures = new Map<string, CannedError[]>();
  const blockedChats = new Set<string>();
  let messageIds = 1000;
  let base = '';

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const ok = (response: ServerResponse, result: unknown) => json(response, 200, { ok: true, result });
  const fail = (response: ServerResponse, error: CannedError) =>
    json(response, error.status, { ok: false, error_code: error.status, description: error.description, ...(error.retryAfter && { parameters: { retry_after: error.retryAfter } }) });

  const paramsOf = async (request: IncomingMessage, raw: Buffer): Promise<{ params: Record<string, Json>; file?: TelegramCall['file'] }> => {
    const contentType = request.headers['content-type'] ?? '';
    if (contentType.startsWith('application/json')) return { params: raw.length ? JSON.parse(raw.toString('utf8')) : {} };
    if (!contentType.startsWith('multipart/form-data')) return { params: {} };
    const form = await new Request(base, { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(raw) }).formData();
    const params: Record<string, Json> = {};
    let file: TelegramCall['file'];
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') params[key] = key === 'reply_parameters' ? JSON.parse(value) : value;
      else if (FILE_FIELDS.includes(key)) file = { field: key, name: value.name, size: value.size };
    }
    return { params, file };
  };

  const sent = (params: Record<string, Json>) => ({ message_id: ++messageIds, date: Math.floor(Date.now() / 1000), chat: { id: Number(params.chat_id), type: 'private' } });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', base);
    const raw = await readBody(request);
    const fileRoute = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (fileRoute) {
      const file = [...files.values()].find((entry) => entry.path === fileRoute[2]);
      if (!bots.has(fileRoute[1]) || !file) return fail(response, { status: 404, description: 'Not Found' });
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      return response.end(file.data);
    }
    const methodRoute = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!methodRoute) return fail(response, { status: 404, description: 'Not Found' });
    const [, token, method] = methodRoute;
    const { params, file } = await paramsOf(request, raw);
    calls.push({ token, method, params, ...(file && { file }) });
    const bot = bots.get(token);
    if (!bot) return fail(response, { status: 401, description: 'Unauthorized' });
    const failure = failures.get(method)?.shift();
    if (failure) return fail(response, failure);
    if (params.chat_id !== undefined && blockedChats.has(String(params.chat_id))) return fail(response, telegramErrors.blocked);
    switch (method) {
      case 'getMe':
        return ok(response, { id: bot.id, is_bot: true, first_name: 'Test bot', username: bot.username });
      case 'setWebhook':
        bot.webhook = { url: String(params.url), secret: String(params.secret_token), allowedUpdates: params.allowed_updates as string[] };
        return ok(response, true);
      case 'deleteWebhook':
        bot.webhook = undefined;
        return ok(response, true);
      case 'getFile': {
        const found = files.get(String(params.file_id));
        if (!found) return fail(response, { status: 400, description: 'Bad Request: invalid file_id' });
        return ok(response, { file_id: params.file_id, file_size: found.data.length, file_path: found.path });
      }
      case 'sendMessage':
      case 'sendPhoto':
      case 'sendVideo':
      case 'sendVoice':
      case 'sendAudio':
      case 'sendDocument':
      case 'sendLocation':
      case 'sendContact':
        return ok(response, sent(params));
      case 'editMessageText':
      case 'editMessageCaption':
      case 'deleteMessage':
        return ok(response, true);
      default:
        return fail(response, { status: 404, description: 'Not Found: method not found' });
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => json(response, 500, { ok: false, description: error.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let botIds = 700_000_000;
  return {
    apiUrl: base,
    calls,
    // a bot BotFather made: its token, id and username
    addBot: (username: string) => {
      const id = ++botIds;
      const token = `${id}:AAE${'x'.repeat(20)}${String(id).padStart(12, '0')}`;
      bots.set(token, { id, username });
      return { token, id, username };
    },
    revokeBot: (token: string) => bots.delete(token),
    webhookOf: (token: string) => bots.get(token)?.webhook,
    // a file a customer sent, as getFile will describe it
    addFile: (fileId: string, data: Buffer, path: string) => files.set(fileId, { data, path }),
    failNext: (method: string, ...errors: CannedError[]) => failures.set(method, [...(failures.get(method) ?? []), ...errors]),
    blockChat: (chatId: string) => blockedChats.add(chatId),
    callsOf: (token: string, method?: string) => calls.filter((call) => call.token === token && (!method || call.method === method)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;

// A delivery as Telegram makes it to the webhook it was given: JSON, the secret in its header.
export const deliverUpdate = async (t: { url: string }, webhookUrl: string, update: unknown, secret: string | null) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== null) headers['x-telegram-bot-api-secret-token'] = secret;
  const response = await fetch(t.url + new URL(webhookUrl).pathname, { method: 'POST', headers, body: JSON.stringify(update) });
  return { status: response.status, body: await response.text() };
};
