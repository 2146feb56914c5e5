// Stand-ins on loopback for the servers queue integrations call, speaking their real protocols:
// a typebot server (chat API v1: startChat, continueChat) running a small published flow, an
// n8n/webhook receiver, and Dialogflow ES's detectIntent, which checks the service account's
// self-signed JWT against the account's public key. Each records what it was asked and answers
// from a script: an HTTP error, a body that is not what the protocol promises, or no answer.
import { createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import sharp from 'sharp';
import { json, listen, readBody } from './fake-ai.ts';

export type Failure = { status: number } | { garbage: true } | { hang: true };

// answers a scripted failure; false when the script says to answer normally
const failWith = (response: ServerResponse, failure: Failure | undefined) => {
  if (!failure) return false;
  if ('hang' in failure) return true;
  if ('garbage' in failure) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('<html>not json');
    return true;
  }
  json(response, failure.status, { message: 'scripted failure' });
  return true;
};

// The flow "atende-bot": a welcome, the logo and a choice (Vendas, Suporte); "Vendas" asks for a
// name, and the name ends the flow with a thank-you.
export const startFakeTypebot = async () => {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const failures: Failure[] = [];
  const sessions = new Map<string, 'choice' | 'name'>();
  let started = 0;
  const imageFetches: string[] = [];
  // where the flow's image lives (this server by default; a test may point it elsewhere)
  const image = { url: '' };
  const logo = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#25d366' } }).png().toBuffer();
  const md = (markdown: string) => ({ id: `b${Math.random()}`, type: 'text', content: { type: 'markdown', markdown } });

  const server = await listen(async (request, response) => {
    const raw = await readBody(request);
    const path = request.url ?? '';
    if (request.method === 'GET' && path === '/logo.png') {
      imageFetches.push(path);
      response.writeHead(200, { 'content-type': 'image/png' });
      return void response.end(logo);
    }
    const body = (raw.length ? JSON.parse(raw.toString('utf8')) : {}) as Record<string, unknown>;
    calls.push({ path, body });
    if (failWith(response, failures.shift())) return;
    if (request.method === 'POST' && path === '/api/v1/typebots/atende-bot/startChat') {
      const sessionId = `session-${++started}`;
      sessions.set(sessionId, 'choice');
      return json(response, 200, {
        sessionId,
        typebot: { id: 'tb1', theme: {}, settings: {} },
        messages: [md(`Olá, **${(body.prefilledVariables as { name?: string } | undefined)?.name ?? ''}**! Eu sou o bot.`), { id: 'img', type: 'image', content: { url: image.url } }],
        input: { id: 'in1', type: 'choice input', items: [{ id: 'c1', content: 'Vendas' }, { id: 'c2', content: 'Suporte' }], options: {} },
      });
    }
    const continued = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
    if (request.method === 'POST' && continued) {
      const state = sessions.get(decodeURIComponent(continued[1]));
      if (!state) return json(response, 404, { message: 'Session not found.', code: 'NOT_FOUND' });
      const text = (body.message as { text?: string } | undefined)?.text ?? '';
      if (state === 'choice') {
        sessions.set(decodeURIComponent(continued[1]), 'name');
        return json(response, 200, { messages: [md(`Você escolheu ${text}. Qual é o seu nome?`)], input: { id: 'in2', type: 'text input', options: {} } });
      }
      sessions.delete(decodeURIComponent(continued[1]));
      return json(response, 200, { messages: [md(`Obrigado, ${text}!`)] });
    }
    json(response, 404, { message: 'not found' });
  });
  image.url = `${server.url}/logo.png`;
  return {
    url: server.url,
    calls,
    logo,
    image,
    imageFetches,
    // the next requests fail these ways, in order
    fail: (...next: Failure[]) => void failures.push(...next),
    close: server.close,
  };
};

export type WebhookCall = { headers: Record<string, string | string[] | undefined>; raw: string; body: Record<string, unknown> };
// redirect: answers 302 to that address; oversize: a JSON answer of that many bytes
export type WebhookScript = Failure | { answer: unknown } | { redirect: string } | { oversize: number };

export const startFakeWebhook = async () => {
  const calls: WebhookCall[] = [];
  const script: WebhookScript[] = [];
  const server = await listen(async (request, response) => {
    const raw = (await readBody(request)).toString('utf8');
    calls.push({ headers: request.headers, raw, body: JSON.parse(raw) as Record<string, unknown> });
    const next = script.shift();
    if (next && 'answer' in next) return json(response, 200, next.answer);
    if (next && 'redirect' in next) {
      response.writeHead(302, { location: next.redirect });
      return void response.end();
    }
    if (next && 'oversize' in next) {
      response.writeHead(200, { 'content-type': 'application/json' });
      return void response.end(JSON.stringify({ messages: [{ body: 'x'.repeat(next.oversize) }] }));
    }
    if (failWith(response, next)) return;
    // n8n's own answer when a workflow has no "Respond to Webhook" node
    json(response, 200, { message: 'Workflow was started' });
  });
  return { url: `${server.url}/webhook/atende`, calls, answer: (...next: WebhookScript[]) => void script.push(...next), close: server.close };
};

// A service account whose key this fake knows, as a Google key file.
export const makeServiceAccount = (projectId = 'atende-agent') => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const json = JSON.stringify({
    type: 'service_account',
    project_id: projectId,
    private_key_id: 'key-1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: `bot@${projectId}.iam.gserviceaccount.com`,
    client_id: '1',
    token_uri: 'https://oauth2.googleapis.com/token',
  });
  return { json, publicKey };
};

type JwtClaims = { iss?: string; aud?: string; exp?: number };

const verifiedClaims = (authorization: string, publicKey: KeyObject): JwtClaims | undefined => {
  const [header, payload, signature] = authorization.replace(/^Bearer /, '').split('.');
  if (!header || !payload || !signature) return undefined;
  const valid = createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(publicKey, Buffer.from(signature, 'base64url'));
  return valid ? (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as JwtClaims) : undefined;
};

export type DetectCall = { path: string; claims: JwtClaims; body: { queryInput: { text: { text: string; languageCode: string } } } };
export type DialogflowScript = Failure | { text: string; intent?: string; endInteraction?: boolean };

export const startFakeDialogflow = async (publicKey: KeyObject) => {
  const calls: DetectCall[] = [];
  const script: DialogflowScript[] = [];
  const server = await listen(async (request, response) => {
    const raw = (await readBody(request)).toString('utf8');
    const path = request.url ?? '';
    if (request.method !== 'POST' || !/^\/v2\/projects\/[^/]+\/agent\/sessions\/[^/]+:detectIntent$/.test(path)) return json(response, 404, {});
    const claims = verifiedClaims(String(request.headers.authorization ?? ''), publicKey);
    if (!claims) return json(response, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
    const body = JSON.parse(raw) as DetectCall['body'];
    calls.push({ path, claims, body });
    const next = script.shift() ?? { text: 'Olá! Sou o agente.', intent: 'Default Welcome Intent' };
    if (!('text' in next)) return void failWith(response, next);
    json(response, 200, {
      responseId: `r-${calls.length}`,
      queryResult: {
        queryText: body.queryInput.text.text,
        languageCode: body.queryInput.text.languageCode,
        fulfillmentText: next.text,
        fulfillmentMessages: [{ text: { text: [next.text] } }],
        intent: { name: 'projects/x/agent/intents/1', displayName: next.intent ?? 'Intent', endInteraction: next.endInteraction ?? false },
        intentDetectionConfidence: 1,
      },
    });
  });
  return { url: server.url, calls, answer: (...next: DialogflowScript[]) => void script.push(...next), close: server.close };
};
