import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, tickets } from '../../src/db/schema.ts';
import { createQueue } from '../factories/company.factory.ts';
import { startFakeAzureSpeech, startFakeOpenAi } from '../helpers/fake-ai.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { voiceRecording } from '../helpers/voice-recording.ts';
import { deliver, setupWhatsappCompany, startWhatsappApp, waitFor, waMessage } from '../channels/whatsapp/support.ts';

let t: TestApp;
let whatsapp: Awaited<ReturnType<typeof startWhatsappApp>>['whatsapp'];
let media: Awaited<ReturnType<typeof startWhatsappApp>>['media'];
let ai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let speech: Awaited<ReturnType<typeof startFakeAzureSpeech>>;
beforeAll(async () => {
  ai = await startFakeOpenAi();
  speech = await startFakeAzureSpeech();
  ({ t, whatsapp, media } = await startWhatsappApp(undefined, {
    ai: { baseUrl: ai.baseUrl, model: 'gpt-test', transcriptionModel: 'whisper-test', timeoutMs: 5000, speechUrl: speech.url },
  }));
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
  await speech?.close();
});

const CUSTOMER = '5511955556666';

describe("a customer's voice note to an AI prompt (02-operations §3 Prompt; docs/ai-integrations.md)", () => {
  it('is transcribed by the OpenAI-compatible transcription API and answered with the transcript in context', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    setup.socket.open();
    const queue = await createQueue(t.db, setup.company.id, 'Vendas');
    const token = setup.session.token;
    const prompt = await t.request('POST', '/prompt', {
      token,
      body: { name: 'Voz', prompt: 'Você é a assistente da loja. Responda com educação e poucas palavras, sempre em português.', apiKey: 'sk-voice-key-0123', queueId: queue.id },
    });
    expect(prompt.status).toBe(201);
    expect((await t.request('PUT', `/whatsapp/${setup.connectionId}`, { token, body: { promptId: prompt.body.id } })).status).toBe(200);

    ai.transcribeAs('Vocês abrem no sábado?');
    ai.answer({ text: 'Abrimos sim, das 9h às 13h.' });
    const note = waMessage(`${CUSTOMER}@s.whatsapp.net`, { audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } });
    media.set(note.key.id ?? '', await voiceRecording('opus'));
    deliver(setup.socket, note);

    const transcription = await waitFor(() => ai.transcriptions.at(-1), 'the transcription call');
    expect(transcription).toMatchObject({ authorization: 'Bearer sk-voice-key-0123', model: 'whisper-test' });
    expect(transcription.bytes).toBeGreaterThan(0);
    const chat = await waitFor(() => ai.chats.at(-1), 'the chat completion');
    expect(chat.body.messages.at(-1)).toEqual({ role: 'user', content: 'Vocês abrem no sábado?' });

    const [contact] = await t.db.select().from(contacts).where(and(eq(contacts.companyId, setup.company.id), eq(contacts.number, CUSTOMER)));
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.contactId, contact.id));
    const answered = await waitFor(async () => {
      const list = (await t.request('GET', `/messages/${ticket.id}`, { token })).body.messages as { fromMe: boolean; body: string }[];
      return list.find((message) => message.fromMe);
    }, 'the answer');
    expect(answered.body).toBe('Abrimos sim, das 9h às 13h.');
  }, 120_000);
});
