// Calls to the Telegram Bot API (TELEGRAM_API_URL/bot<token>/<method>) and downloads of its files
// (TELEGRAM_API_URL/file/bot<token>/<path>), through the outbound HTTP client's caps on time and
// size. Errors are sorted here once: a rate limit waits its retry_after (RetryAfter), an outage or
// a network failure is passing (TelegramUnavailable, retried); any other refusal is a
// ProviderRejection, final.
import { RetryAfter } from '../../platform/jobs/job-kind.ts';
import { createOutboundHttp, OutboundError, type OutboundResponse } from '../../platform/outbound-http.ts';
import { ProviderRejection } from '../provider.ts';

export class TelegramUnavailable extends Error {}

// the Bot API's own cap on what getFile hands out
export const MAX_BOT_FILE_BYTES = 20 * 1024 * 1024;
const MAX_ANSWER_BYTES = 1024 * 1024;
const CALL_TIMEOUT_MS = 30_000;
const UPLOAD_TIMEOUT_MS = 120_000;
// a hostile or broken retry_after must not park a job for days
const MAX_RETRY_AFTER_SECONDS = 3600;

type BotAnswer<T> = { ok: boolean; result?: T; error_code?: number; description?: string; parameters?: { retry_after?: number } };

export type BotUser = { id: number; is_bot?: boolean; first_name?: string; username?: string };
export type BotFile = { file_id: string; file_size?: number; file_path?: string };
export type SentMessage = { message_id: number; chat: { id: number } };

const refusalOf = (status: number, answer: BotAnswer<unknown>, what: string) => {
  const description = answer.description ?? '';
  const detail = `Telegram ${what} answered ${status}: ${description}`;
  if (status === 429) {
    const seconds = Math.min(Math.max(answer.parameters?.retry_after ?? 1, 1), MAX_RETRY_AFTER_SECONDS);
    return new RetryAfter(seconds, detail);
  }
  if (status >= 500) return new TelegramUnavailable(detail);
  // a revoked or mistyped token: the Bot API answers 401, or 404 for a token it cannot parse
  if (status === 401 || status === 404) return new ProviderRejection('ERR_INVALID_CREDENTIALS', detail);
  // the customer blocked the bot, or the bot may not write to that chat (it never wrote first)
  if (status === 403 || /chat not found|user not found/i.test(description)) return new ProviderRejection('ERR_CONTACT_UNREACHABLE', detail);
  return new ProviderRejection('ERR_SENDING_WAPP_MSG', detail);
};

const parsed = <T>(response: OutboundResponse): BotAnswer<T> => {
  try {
    return JSON.parse(response.body.toString('utf8')) as BotAnswer<T>;
  } catch {
    return { ok: false, description: 'an answer that is not JSON' };
  }
};

export const createBotApi = (apiUrl: string) => {
  // the operator's own address: not limited to public ones, but capped like every outbound call
  const http = createOutboundHttp({ addresses: 'operator' });

  const exchange = async (url: string, init: Parameters<typeof http.request>[1], what: string) => {
    try {
      return await http.request(url, init);
    } catch (error) {
      if (error instanceof OutboundError && error.reason === 'too large') throw new ProviderRejection('ERR_WAPP_DOWNLOAD_MEDIA', `Telegram ${what}: over ${init.maxBytes} bytes`);
      throw new TelegramUnavailable(`Telegram ${what} unreachable: ${(error as Error).message}`);
    }
  };

  const answerOf = async <T>(response: OutboundResponse, what: string): Promise<T> => {
    const answer = parsed<T>(response);
    if (response.status !== 200 || !answer.ok || answer.result === undefined) throw refusalOf(response.status === 200 ? 400 : response.status, answer, what);
    return answer.result;
  };

  // params as JSON; a method's answer is its `result`
  const call = async <T>(token: string, method: string, params: Record<string, unknown> = {}): Promise<T> => {
    const response = await exchange(
      `${apiUrl}/bot${token}/${method}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(params), timeoutMs: CALL_TIMEOUT_MS, maxBytes: MAX_ANSWER_BYTES },
      method,
    );
    return answerOf<T>(response, method);
  };

  // a method with a file: multipart/form-data, the other params as fields
  const upload = async <T>(token: string, method: string, form: FormData): Promise<T> => {
    const encoded = new Response(form);
    const body = new Uint8Array(await encoded.arrayBuffer());
    const response = await exchange(
      `${apiUrl}/bot${token}/${method}`,
      { method: 'POST', headers: { 'content-type': encoded.headers.get('content-type') ?? '' }, body, timeoutMs: UPLOAD_TIMEOUT_MS, maxBytes: MAX_ANSWER_BYTES },
      method,
    );
    return answerOf<T>(response, method);
  };

  // getFile then the file itself, at most maxBytes
  const download = async (token: string, fileId: string, maxBytes: number) => {
    const file = await call<BotFile>(token, 'getFile', { file_id: fileId });
    if (!file.file_path) throw new ProviderRejection('ERR_WAPP_DOWNLOAD_MEDIA', 'Telegram getFile gave no path (a file over 20 MB)');
    if ((file.file_size ?? 0) > maxBytes) throw new ProviderRejection('ERR_WAPP_DOWNLOAD_MEDIA', `Telegram file of ${file.file_size} bytes is over the limit`);
    const response = await exchange(`${apiUrl}/file/bot${token}/${file.file_path}`, { timeoutMs: UPLOAD_TIMEOUT_MS, maxBytes }, 'file download');
    if (response.status !== 200) throw refusalOf(response.status, { ok: false }, 'file download');
    return { data: response.body, path: file.file_path };
  };

  return { call, upload, download };
};

export type BotApi = ReturnType<typeof createBotApi>;
