// The OpenAI-compatible API an AI prompt talks to (chat completions and audio transcriptions), at
// OPENAI_BASE_URL with the company's own key. Retries are the job runner's, not the SDK's.
import { openAsBlob } from 'node:fs';
import OpenAI, { toFile } from 'openai';

// config.ts's `ai` settings, handed in by app.ts
export type AiSettings = { baseUrl: string; model: string; transcriptionModel: string; timeoutMs: number; speechUrl: string };
export type ChatTurn = { role: 'system' | 'user' | 'assistant'; content: string };

export const createAiClient = (settings: AiSettings, apiKey: string) => {
  const client = new OpenAI({ apiKey, baseURL: settings.baseUrl, timeout: settings.timeoutMs, maxRetries: 0 });
  // the answer with the tokens the API counted (the copilot's usage) and a refusal, if it refused
  const converse = async (turns: ChatTurn[], limits: { maxTokens: number; temperature: number }) => {
    const completion = await client.chat.completions.create({
      model: settings.model,
      messages: turns,
      max_tokens: limits.maxTokens,
      temperature: limits.temperature,
    });
    const message = completion.choices?.[0]?.message;
    const content = message?.content;
    const refusal = typeof message?.refusal === 'string' && message.refusal ? message.refusal : null;
    if (typeof content !== 'string' && !refusal) throw new Error('the AI answered without a message');
    return {
      text: typeof content === 'string' ? content.trim() : '',
      refusal,
      // null when the API counted nothing: the caller keeps its own estimate rather than a zero
      usage: completion.usage ? { tokensIn: completion.usage.prompt_tokens, tokensOut: completion.usage.completion_tokens } : null,
    };
  };
  return {
    converse,
    complete: async (turns: ChatTurn[], limits: { maxTokens: number; temperature: number }) => {
      const { text, refusal } = await converse(turns, limits);
      if (refusal !== null && !text) throw new Error('the AI answered without a message');
      return text;
    },
    // audio: the stored recording on disk, sent as a Blob backed by the file (streamed, not read whole)
    transcribe: async (audioPath: string, fileName: string) => {
      const transcription = await client.audio.transcriptions.create({ file: await toFile(await openAsBlob(audioPath), fileName), model: settings.transcriptionModel });
      if (typeof transcription?.text !== 'string') throw new Error('the transcription answered without a text');
      return transcription.text.trim();
    },
  };
};

// What a failed call may say on a ticket: never its message, which can quote the key.
export const describeAiFailure = (error: unknown) => {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return 'timeout';
  if (error instanceof OpenAI.APIConnectionError) return 'unreachable';
  if (error instanceof OpenAI.APIError && error.status) return `HTTP ${error.status}`;
  return 'invalid answer';
};

// 4xx other than 429 (a refused key, a bad request) will not pass on a retry.
export const isPermanentAiFailure = (error: unknown) =>
  error instanceof OpenAI.APIError && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429;
