// Calls to Meta's Graph API shared by the Cloud API, Messenger and Instagram channels. Errors are
// sorted here once: rate limits, Meta's outages and network failures are passing (the caller's
// job is retried with backoff); any other refusal is a ProviderRejection, final.
import { ProviderRejection } from '../provider.ts';

// Graph error codes that mean "too many calls, slow down" (application, account, pair and spam
// rate limits of the WhatsApp Business and Pages platforms).
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80007, 130429, 131048, 131056]);

export class GraphUnavailable extends Error {}

type GraphErrorBody = { error?: { message?: string; code?: number; error_subcode?: number } };

export type GraphRequest = {
  token: string;
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
};

export const createGraphClient = (baseUrl: string) => {
  const call = async (method: string, path: string, request: GraphRequest): Promise<Response> => {
    const url = new URL(`${baseUrl}/${path.replace(/^\/+/, '')}`);
    for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = { authorization: `Bearer ${request.token}` };
    let body: string | FormData | undefined = request.form;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    }
    try {
      return await fetch(url, { method, headers, body, signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      throw new GraphUnavailable(`Graph ${method} ${url.pathname} unreachable: ${(error as Error).message}`);
    }
  };

  const failure = async (response: Response, what: string) => {
    const parsed = (await response.json().catch(() => ({}))) as GraphErrorBody;
    const code = parsed.error?.code;
    const detail = `Graph ${what} answered ${response.status}${code === undefined ? '' : ` code ${code}`}: ${parsed.error?.message ?? ''}`;
    if (response.status === 429 || response.status >= 500 || (code !== undefined && RATE_LIMIT_CODES.has(code))) {
      return new GraphUnavailable(detail);
    }
    // 131047: more than 24 hours since the customer's last message (Cloud API); 10 / 2018278:
    // the same rule on Messenger and Instagram
    if (code === 131047 || parsed.error?.error_subcode === 2018278) return new ProviderRejection('ERR_OUTSIDE_24H_WINDOW', detail);
    if (response.status === 401 || code === 190) return new ProviderRejection('ERR_INVALID_CREDENTIALS', detail);
    return new ProviderRejection('ERR_SENDING_WAPP_MSG', detail);
  };

  const json = async <T>(method: string, path: string, request: GraphRequest): Promise<T> => {
    const response = await call(method, path, request);
    if (!response.ok) throw await failure(response, `${method} ${path}`);
    return (await response.json()) as T;
  };

  return {
    get: <T>(path: string, request: GraphRequest) => json<T>('GET', path, request),
    post: <T>(path: string, request: GraphRequest) => json<T>('POST', path, request),
    // Media links the Graph API hands out (Cloud API media urls need the token; CDN links of
    // Messenger attachments ignore it). Bounded so a hostile link cannot fill the disk.
    download: async (url: string, token: string | undefined, maxBytes: number) => {
      let response: Response;
      try {
        response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(60_000) });
      } catch (error) {
        throw new GraphUnavailable(`media download unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw await failure(response, 'media download');
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > maxBytes) throw new ProviderRejection('ERR_WAPP_DOWNLOAD_MEDIA', `media of ${declared} bytes is over the limit`);
      const data = Buffer.from(await response.arrayBuffer());
      if (data.length > maxBytes) throw new ProviderRejection('ERR_WAPP_DOWNLOAD_MEDIA', `media of ${data.length} bytes is over the limit`);
      return { data, mimeType: response.headers.get('content-type') ?? '' };
    },
  };
};

export type GraphClient = ReturnType<typeof createGraphClient>;
