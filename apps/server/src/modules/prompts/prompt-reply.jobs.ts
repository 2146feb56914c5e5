// An AI prompt answers a customer (docs/ai-integrations.md): the conversation flow enqueues this
// job in the transaction that stored the customer's message, never calling the AI itself. The
// handler calls the OpenAI-compatible API (and the speech service for a voice) outside any
// transaction, then writes the answer through the normal outbound path in one transaction. A
// reply with the hand-off marker, or an AI that keeps failing, gives the ticket to the prompt's
// queue; a failure leaves a private note on the ticket so nobody waits in silence unseen.
import { z } from 'zod';
import { HUMAN_HANDOFF_MARKER } from '@atende/shared/prompts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { companyPlanAllows } from '../../platform/access.repo.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { Storage } from '../../platform/storage.ts';
import { findMessage, publicMessagesAfter, recentPublicMessages, type MessageRow } from '../messages/messages.repo.ts';
import { MEDIA_FOLDER, writeOutboundMessage } from '../messages/outbound-message.service.ts';
import { writeTicketLog } from '../tickets/ticket-logs.repo.ts';
import { findTicket, lockTicket, updateTicket, type TicketRow } from '../tickets/tickets.repo.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import { createAiClient, describeAiFailure, isPermanentAiFailure, type AiSettings, type ChatTurn } from './ai.provider.ts';
import { findPrompt, type PromptRow } from './prompts.repo.ts';
import { SpeechError, type TextToSpeech } from './speech.provider.ts';

export const promptReplyJob = defineJobKind({
  name: 'prompt.reply',
  payload: z.object({ companyId: z.number().int().positive(), ticketId: z.number().int().positive(), messageId: z.number().int().positive() }),
  priority: 'interactive',
  // an AI that is down, slow or rate-limited gets a few tries, then the attendants take over
  maxAttempts: 4,
  backoff: { baseSeconds: 2, maxSeconds: 30 },
});
export type PromptReply = z.infer<typeof promptReplyJob.payload>;

// One ticket's answers are worked out in the order its messages came.
export const enqueuePromptReply = (tx: DbOrTx, ticket: Pick<TicketRow, 'companyId' | 'id'>, messageId: number) =>
  enqueueJob(tx, promptReplyJob, { companyId: ticket.companyId, ticketId: ticket.id, messageId }, { orderingKey: `prompt:${ticket.id}` });

const HANDOFF_INSTRUCTION = `When the customer asks to talk to a person, or you cannot help, answer with ${HUMAN_HANDOFF_MARKER} (you may add a short farewell before it).`;

// the job's payload names the reply it answers, so a run after a lost completion writes nothing twice
type ReplyData = { promptReplyTo: number; transcript?: string };
const isReplyTo = (messageId: number, data: unknown) => (data as Partial<ReplyData> | null)?.promptReplyTo === messageId;

const failureOf = (error: unknown) => {
  if (error instanceof SpeechError) return { reason: `speech HTTP ${error.status}`, permanent: error.status >= 400 && error.status < 500 && error.status !== 429 };
  if (error instanceof Error && error.name === 'TimeoutError') return { reason: 'timeout', permanent: false };
  return { reason: describeAiFailure(error), permanent: isPermanentAiFailure(error) };
};

export const registerPromptReplyJob = (runner: Pick<JobRunner, 'register'>, deps: {
  db: Db;
  storage: Storage;
  secrets: SecretBox;
  ai: AiSettings;
  speech: TextToSpeech;
  tickets: TicketsService;
}) => {
  const { db } = deps;

  // a customer's voice note is read by the transcription API; older media are named only
  const contentOf = async (message: MessageRow, answering: MessageRow, client: ReturnType<typeof createAiClient>) => {
    if (message.mediaType === 'audio' && message.mediaUrl && message.id === answering.id && !message.fromMe) {
      return deps.storage.withCompanyFile(message.companyId, message.mediaUrl, (file) => client.transcribe(file.path, 'voice.ogg'));
    }
    const transcript = (message.dataJson as Partial<ReplyData> | null)?.transcript;
    return transcript ?? (message.body || `[${message.mediaType}]`);
  };

  const answer = async (prompt: PromptRow, ticket: TicketRow, answering: MessageRow) => {
    const client = createAiClient(deps.ai, deps.secrets.open(prompt.apiKey));
    const history = await recentPublicMessages(db, ticket.companyId, ticket.id, prompt.maxMessages);
    const turns: ChatTurn[] = [{ role: 'system', content: `${prompt.prompt}\n\n${HANDOFF_INSTRUCTION}` }];
    for (const message of history) turns.push({ role: message.fromMe ? 'assistant' : 'user', content: await contentOf(message, answering, client) });
    const text = await client.complete(turns, { maxTokens: prompt.maxTokens, temperature: prompt.temperature });
    const handOff = text.includes(HUMAN_HANDOFF_MARKER);
    const reply = text.replaceAll(HUMAN_HANDOFF_MARKER, '').trim();
    if (!reply && !handOff) throw new Error('empty answer');
    if (!reply || prompt.voice === 'texto') return { reply, handOff };
    const speech = await deps.speech.synthesize({ text: reply, voice: prompt.voice, key: deps.secrets.open(prompt.voiceKey), region: prompt.voiceRegion });
    const name = await deps.storage.save(ticket.companyId, MEDIA_FOLDER, speech.data, speech.extension);
    return { reply, handOff, audioUrl: deps.storage.urlOf(ticket.companyId, MEDIA_FOLDER, name) };
  };

  // The ticket is still the prompt's, and nothing newer asks for (or already got) this answer.
  const stillToAnswer = async (tx: DbOrTx, job: PromptReply, promptId: number) => {
    const ticket = await findTicket(tx, job.companyId, job.ticketId);
    if (!ticket || ticket.promptId !== promptId || ticket.userId !== null || ticket.status === 'closed') return undefined;
    const later = await publicMessagesAfter(tx, job.companyId, job.ticketId, job.messageId);
    // a newer customer message has its own job, which answers with this one in its context
    if (later.some((message) => !message.fromMe || isReplyTo(job.messageId, message.dataJson))) return undefined;
    return ticket;
  };

  const handOver = async (tx: DbOrTx, ticket: TicketRow, prompt: Pick<PromptRow, 'queueId'> | undefined) => {
    const queueId = prompt?.queueId ?? ticket.queueId;
    const row = (await updateTicket(tx, ticket.companyId, ticket.id, { promptId: null, queueId, isBot: false })) ?? ticket;
    await writeTicketLog(tx, { companyId: ticket.companyId, ticketId: ticket.id, type: 'queue', queueId });
    return row;
  };

  const commit = async (job: PromptReply, promptId: number, write: (tx: DbOrTx, ticket: TicketRow) => Promise<{ ticket: TicketRow; messages: MessageRow[] }>) => {
    const outcome = await withTransaction(db, async (tx) => {
      await lockTicket(tx, job.companyId, job.ticketId);
      const ticket = await stillToAnswer(tx, job, promptId);
      return ticket ? write(tx, ticket) : undefined;
    });
    if (!outcome) return;
    for (const message of outcome.messages) await deps.tickets.publishMessage(outcome.ticket, message);
    if (outcome.messages.length === 0) await deps.tickets.publishTicket(outcome.ticket);
  };

  runner.register(promptReplyJob, {
    run: async (job, info) => {
      const ticket = await findTicket(db, job.companyId, job.ticketId);
      if (!ticket?.promptId) return;
      const promptId = ticket.promptId;
      if (!(await stillToAnswer(db, job, promptId))) return;
      const prompt = await findPrompt(db, job.companyId, promptId);
      const answering = await findMessage(db, job.companyId, job.messageId);
      // a plan that no longer has AI agents (03-saas §3 useOpenAi) stops them answering as a
      // deleted prompt does: the attendants take the ticket
      if (!prompt || !answering || !(await companyPlanAllows(db, job.companyId, 'useOpenAi'))) {
        return commit(job, promptId, async (tx, current) => ({ ticket: await handOver(tx, current, prompt), messages: [] }));
      }
      // the failure is described here, so neither the service's message (it can quote the key)
      // nor the error itself travels further
      const result = await answer(prompt, ticket, answering).catch((error: unknown) => failureOf(error));
      if ('reason' in result) {
        const failure = result;
        if (!failure.permanent && info.attempts < promptReplyJob.maxAttempts) throw new Error(`AI prompt ${prompt.id}: ${failure.reason}`);
        return commit(job, promptId, async (tx, current) => {
          const note = await writeOutboundMessage(tx, current, {
            body: `Talk.Ai não respondeu (${failure.reason}); o ticket foi passado aos atendentes do setor.`,
            userId: null,
            isPrivate: true,
            dataJson: { promptReplyTo: job.messageId },
          });
          return { ticket: await handOver(tx, note.ticket, prompt), messages: [note.message] };
        });
      }
      const { reply, handOff, audioUrl } = result;
      return commit(job, promptId, async (tx, current) => {
        const messages: MessageRow[] = [];
        let row = current;
        if (reply) {
          const data: ReplyData = { promptReplyTo: job.messageId, ...(audioUrl && { transcript: reply }) };
          const sent = await writeOutboundMessage(tx, row, {
            body: audioUrl ? '' : reply,
            mediaUrl: audioUrl ?? null,
            mediaType: audioUrl ? 'audio' : 'chat',
            userId: null,
            isPrivate: false,
            dataJson: data,
          });
          row = sent.ticket;
          messages.push(sent.message);
        }
        if (handOff) row = await handOver(tx, row, prompt);
        return { ticket: row, messages };
      });
    },
  });
};
