// A stand-in for Meta's Graph API on loopback, speaking its JSON: Cloud API sends and media
// (upload, describe, download), the Messenger/Instagram Send API, page listing, token exchange,
// webhook subscription and profiles. It records what it was asked, and can be told to answer the
// next sends with an error (a rate limit, a refusal) before it succeeds again.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signBody } from '../../src/channels/meta-graph/signature.ts';
import type { Json } from './json.ts';
import { readBody } from './fake-ai.ts';

export const GRAPH_VERSION = 'v20.0';
export const INVALID_TOKEN = 'invalid-token-000';

// `sentId`: the message id a successful send answered with
export type GraphCall = { method: string; path: string; query: Record<string, string>; token: string; body: Json; sentId?: string };
export type GraphPage = { id: string; name: string; access_token: string; instagram_business_account?: { id: string; username: string } };
type CannedError = { status: number; code: number; message: string };

export const graphErrors = {
  rateLimit: { status: 400, code: 130429, message: 'Rate limit hit' },
  throttled: { status: 429, code: 4, message: 'Application request limit reached' },
  invalidParameter: { status: 400, code: 100, message: 'Invalid parameter' },
} satisfies Record<string, CannedError>;

export const startFakeGraph = async () => {
  const calls: GraphCall[] = [];
  const sendFailures: CannedError[] = [];
  const media = new Map<string, { data: Buffer; mime: string }>();
  const cdn = new Map<string, { data: Buffer; mime: string }>();
  const phoneNumbers = new Map<string, string>();
  const profiles = new Map<string, { name?: string; username?: string }>();
  let pages: GraphPage[] = [];
  const revoked = new Set<string>([INVALID_TOKEN]);
  let counter = 0;
  let base = '';

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const fail = (response: ServerResponse, error: CannedError) => json(response, error.status, { error: { message: error.message, code: error.code, type: 'OAuthException' } });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', base);
    const raw = await readBody(request);
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const segments = url.pathname.split('/').filter(Boolean);
    if (segments[0] === 'cdn') {
      const file = cdn.get(segments[1]);
      if (!file) return json(response, 404, {});
      response.writeHead(200, { 'content-type': file.mime });
      return response.end(file.data);
    }
    if (segments[0] === 'files') {
      const file = media.get(segments[1]);
      if (!file || !token) return json(response, 401, {});
      response.writeHead(200, { 'content-type': file.mime });
      return response.end(file.data);
    }
    if (segments[0] !== GRAPH_VERSION) return json(response, 404, {});
    const [, node, edge] = segments;
    let body: Json = undefined;
    const contentType = request.headers['content-type'] ?? '';
    if (contentType.startsWith('application/json')) body = JSON.parse(raw.toString('utf8'));
    if (contentType.startsWith('multipart/form-data')) {
      const form = await new Request(base, { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(raw) }).formData();
      const file = form.get('file') as File | null;
      body = { messaging_product: form.get('messaging_product'), type: form.get('type'), fileSize: file?.size ?? 0, fileName: file?.name };
    }
    const call: GraphCall = { method: request.method ?? 'GET', path: segments.slice(1).join('/'), query: Object.fromEntries(url.searchParams), token, body };
    calls.push(call);
    if (!token || revoked.has(token)) return fail(response, { status: 400, code: 190, message: 'Invalid OAuth access token' });

    if (node === 'oauth' && edge === 'access_token') return json(response, 200, { access_token: `long-lived-${url.searchParams.get('fb_exchange_token')}` });
    if (request.method === 'GET' && edge === 'accounts') return json(response, 200, { data: pages });
    if (request.method === 'POST' && edge === 'subscribed_apps') return json(response, 200, { success: true });
    if (request.method === 'POST' && edge === 'media') return json(response, 200, { id: `uploaded-${++counter}` });
    if (request.method === 'POST' && edge === 'messages') {
      const failure = sendFailures.shift();
      if (failure) return fail(response, failure);
      counter++;
      if (body?.messaging_product === 'whatsapp') {
        call.sentId = `wamid.sent-${counter}`;
        return json(response, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: call.sentId }] });
      }
      call.sentId = `m_sent-${counter}`;
      return json(response, 200, { recipient_id: body?.recipient?.id, message_id: call.sentId });
    }
    if (request.method === 'GET' && !edge) {
      const file = media.get(node);
      if (file) return json(response, 200, { id: node, url: `${base}/files/${node}`, mime_type: file.mime, messaging_product: 'whatsapp' });
      const number = phoneNumbers.get(node);
      if (number) return json(response, 200, { id: node, display_phone_number: number, verified_name: 'Test Business' });
      const profile = profiles.get(node);
      if (profile) return json(response, 200, { id: node, ...profile });
    }
    return fail(response, { status: 400, code: 100, message: `Unsupported request ${request.method} ${url.pathname}` });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => json(response, 500, { error: { message: error.message } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    graphUrl: `${base}/${GRAPH_VERSION}`,
    calls,
    sends: () => calls.filter((call) => call.method === 'POST' && call.path.endsWith('/messages')),
    failNextSends: (...errors: CannedError[]) => sendFailures.push(...errors),
    addMedia: (id: string, data: Buffer, mime: string) => media.set(id, { data, mime }),
    // a file on Meta's CDN (Messenger attachments): fetched without a token
    addCdnFile: (name: string, data: Buffer, mime: string) => {
      cdn.set(name, { data, mime });
      return `${base}/cdn/${name}`;
    },
    addPhoneNumber: (id: string, displayNumber: string) => phoneNumbers.set(id, displayNumber),
    addProfile: (id: string, profile: { name?: string; username?: string }) => profiles.set(id, profile),
    revokeToken: (token: string) => revoked.add(token),
    setPages: (list: GraphPage[]) => {
      pages = list;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type FakeGraph = Awaited<ReturnType<typeof startFakeGraph>>;

// A webhook delivery as Meta makes it: the JSON body signed with the app secret.
export const deliverWebhook = async (
  t: { url: string },
  path: string,
  payload: unknown,
  options: { secret?: string; signature?: string | null; rawBody?: string } = {},
) => {
  const body = options.rawBody ?? JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signature = options.signature === undefined ? signBody(body, options.secret ?? '') : options.signature;
  if (signature !== null) headers['x-hub-signature-256'] = signature;
  const response = await fetch(t.url + path, { method: 'POST', headers, body });
  return { status: response.status, text: await response.text() };
};
