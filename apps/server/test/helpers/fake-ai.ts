// Stand-ins on loopback for the AI services an AI prompt calls, speaking their real protocols:
// OpenAI's chat completions and audio transcriptions (JSON, multipart) and Azure Speech's
// text-to-speech REST API (SSML in, audio bytes out). Each records what it was asked and answers
// from a script: a text, an HTTP error, a body that is not what the protocol promises.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatCall = { authorization: string; body: { model: string; messages: { role: string; content: string }[]; max_tokens: number; temperature: number } };
export type SpeechCall = { key: string; format: string; ssml: string };
export type AiScript = { text: string } | { status: number } | { garbage: true };

// the first bytes of an Ogg stream, enough for a test to tell audio from text
export const FAKE_OGG = Buffer.from('OggS\u0000\u0002fake-voice-note', 'binary');

export const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export const listen = async (handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>) => {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

export const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

export const startFakeOpenAi = async () => {
  const chats: ChatCall[] = [];
  const transcriptions: { authorization: string; model: string; bytes: number }[] = [];
  const script: AiScript[] = [];
  let transcript = 'transcrição da nota de voz';

  const server = await listen(async (request, response) => {
    const body = await readBody(request);
    const authorization = request.headers.authorization ?? '';
    if (request.method === 'POST' && request.url === '/v1/chat/completions') {
      chats.push({ authorization, body: JSON.parse(body.toString('utf8')) as ChatCall['body'] });
      const next = script.shift() ?? { text: 'Olá! Como posso ajudar?' };
      if ('status' in next) return json(response, next.status, { error: { message: `failure ${next.status} for ${authorization}`, type: 'server_error', code: null } });
      if ('garbage' in next) return json(response, 200, { unexpected: true });
      return json(response, 200, {
        id: `chatcmpl-${chats.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: chats.at(-1)?.body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: next.text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      });
    }
    if (request.method === 'POST' && request.url === '/v1/audio/transcriptions') {
      const text = body.toString('latin1');
      const model = /name="model"\r\n\r\n([^\r]*)/.exec(text)?.[1] ?? '';
      transcriptions.push({ authorization, model, bytes: body.length });
      return json(response, 200, { text: transcript });
    }
    json(response, 404, { error: { message: 'not found' } });
  });

  return {
    baseUrl: `${server.url}/v1`,
    chats,
    transcriptions,
    // the next chat completions answer these, in order; then a default greeting
    answer: (...next: AiScript[]) => void script.push(...next),
    transcribeAs: (text: string) => {
      transcript = text;
    },
    close: server.close,
  };
};

export const startFakeAzureSpeech = async () => {
  const calls: SpeechCall[] = [];
  const server = await listen(async (request, response) => {
    const body = await readBody(request);
    if (request.method !== 'POST' || request.url !== '/cognitiveservices/v1') return json(response, 404, {});
    const key = String(request.headers['ocp-apim-subscription-key'] ?? '');
    calls.push({ key, format: String(request.headers['x-microsoft-outputformat'] ?? ''), ssml: body.toString('utf8') });
    if (!key) return json(response, 401, {});
    response.writeHead(200, { 'content-type': 'audio/ogg' });
    response.end(FAKE_OGG);
  });
  return { url: server.url, calls, close: server.close };
};
