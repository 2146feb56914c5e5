import { authEndpoints } from '@atende/shared/auth';
import { pathOf } from '@atende/shared/contract';
import type { SessionAnswer } from '@atende/shared/users';
import { ApiError } from './api-error.ts';
import { currentLanguage } from './language.ts';
import { emitSessionEnded, emitSessionRefreshed } from './session-events.ts';
import { clearToken, getToken, sessionEndsSoFar, setToken } from './storage.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RequestOptions = {
  method?: Method;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  // public calls (login, public settings) neither refresh nor end the session
  public?: boolean;
  signal?: AbortSignal;
};

const buildUrl = (path: string, query: RequestOptions['query']) => {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

const send = (path: string, options: RequestOptions) => {
  // the interface's language, in which the server writes what it words itself (the report's
  // spreadsheet, issue 35 point 12)
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  const token = getToken();
  if (token && !options.public) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body,
    signal: options.signal,
  });
};

const parse = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const toError = async (response: Response) => {
  const parsed = await parse(response);
  return new ApiError(response.status, parsed, typeof parsed === 'string' ? parsed : undefined);
};

const endSession = () => {
  clearToken();
  emitSessionEnded();
};

// What a call begun before this tab's session ended gets instead of a new token.
const endedMeanwhile = () => new ApiError(401, { error: 'ERR_SESSION_EXPIRED' }, undefined);

let refreshInFlight: Promise<SessionAnswer> | null = null;

// Concurrent 403s share one refresh (01-core §4 Session).
export const refreshSession = (): Promise<SessionAnswer> => {
  refreshInFlight ??= (async () => {
    const endsBefore = sessionEndsSoFar();
    const response = await send(pathOf(authEndpoints.refresh), { method: authEndpoints.refresh.method, public: true });
    if (sessionEndsSoFar() !== endsBefore) throw endedMeanwhile();
    if (response.status === 401) {
      endSession();
      throw await toError(response);
    }
    if (!response.ok) throw await toError(response);
    const answer = (await parse(response)) as SessionAnswer;
    if (sessionEndsSoFar() !== endsBefore) throw endedMeanwhile();
    setToken(answer.token);
    emitSessionRefreshed(answer);
    return answer;
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
};

// The successful response itself, for answers read as a stream (a spreadsheet download).
export const apiResponse = async (path: string, options: RequestOptions = {}): Promise<Response> => {
  const endsBefore = sessionEndsSoFar();
  let response = await send(path, options);
  if (!options.public && response.status === 403) {
    if (sessionEndsSoFar() !== endsBefore) throw endedMeanwhile();
    await refreshSession();
    response = await send(path, options);
  }
  if (!options.public && response.status === 401) {
    endSession();
    throw await toError(response);
  }
  if (!response.ok) throw await toError(response);
  return response;
};

export const apiRequest = async <T>(path: string, options: RequestOptions = {}): Promise<T> =>
  (await parse(await apiResponse(path, options))) as T;

export const api = {
  get: <T>(path: string, query?: RequestOptions['query']) => apiRequest<T>(path, { query }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
