// The steps a customer's message goes through before an attendant takes the ticket (docs/
// conversation-flow.md): LGPD consent, vacation and service hours, a ticket already in a queue,
// the bot's menus, the contact's wallet, and a new conversation for the bot. Runs inside the
// transaction that stored the message; every answer is written as an outbound message with its
// delivery job in that same transaction.
import type { DbOrTx } from '../../db/client.ts';
import { findConnectionUnlessKnown, queuesOfConnectionInMenuOrder } from '../connections/connections.repo.ts';
import { updateContact } from '../contacts/contacts.repo.ts';
import { findQueue } from '../queues/queues.repo.ts';
import { findPrompt } from '../prompts/prompts.repo.ts';
import { findIntegration } from '../integrations/integrations.repo.ts';
import { walletAttendant } from './attendant-choice.steps.ts';
import { createBot } from './bot.service.ts';
import { alreadyAnswered } from './closures.rules.ts';
import { closureFor } from './closures.steps.ts';
import { createFlowContext, on, type FlowEnv, type FlowInput, type FlowResult } from './flow-context.service.ts';
import { LGPD_REFUSED_MESSAGE, lgpdAnswer, lgpdRequest } from './lgpd.rules.ts';

export type { FlowEnv, FlowInput, FlowResult } from './flow-context.service.ts';

export const runFlow = async (tx: DbOrTx, env: FlowEnv, input: FlowInput): Promise<FlowResult> => {
  const { ticket, contact, message } = input;
  const untouched = { ticket, messages: [] };
  const waitingForBot = (ticket.status === 'pending' || ticket.status === 'lgpd') && ticket.userId === null;
  if (message.fromMe || ticket.isGroup || !waitingForBot || ticket.whatsappId === null) return untouched;
  const connection = await findConnectionUnlessKnown(tx, ticket.companyId, ticket.whatsappId, input.connection);
  if (!connection) return untouched;
  const settings = await env.settings(tx, ticket.companyId);
  const connectionQueues = await (input.queuesInMenuOrder?.(connection) ?? queuesOfConnectionInMenuOrder(tx, ticket.companyId, connection.id));
  const ctx = createFlowContext(tx, env, input, { connection, connectionQueues, settings });
  const answer = message.body;

  // 1. LGPD consent, asked once per contact before anything else
  if (ctx.ticket.status === 'lgpd') {
    const decision = lgpdAnswer(answer);
    if (decision === undefined) {
      await ctx.send(lgpdRequest(settings.lgpdMessage, settings.lgpdLink));
      return ctx.result();
    }
    if (decision === 'refuse') {
      await ctx.send(LGPD_REFUSED_MESSAGE);
      await ctx.close();
      return ctx.result();
    }
    await updateContact(tx, ticket.companyId, contact.id, { lgpdAcceptedAt: ctx.now });
    await ctx.update({ status: 'pending' });
  } else if (on(settings.enableLGPD) && contact.lgpdAcceptedAt === null && ticket.queueId === null && !ticket.isBot) {
    await ctx.send(lgpdRequest(settings.lgpdMessage, settings.lgpdLink));
    await ctx.update({ status: 'lgpd' });
    return ctx.result();
  }

  // 2. vacation and service hours: one answer per closed period, and nothing else
  const currentQueue = ticket.queueId === null ? undefined : await findQueue(tx, ticket.companyId, ticket.queueId);
  const closure = await closureFor(tx, { connection, queue: currentQueue, settings }, ctx.now, env.timeZone);
  if (closure) {
    if (!alreadyAnswered(closure, ctx.ticket.outOfHoursSentAt)) {
      await ctx.send(closure.message);
      await ctx.update({ outOfHoursSentAt: ctx.now });
    }
    return ctx.result();
  }

  // 3. an AI prompt that took the conversation answers it until it hands over
  if (ctx.ticket.promptId !== null) {
    await ctx.answerWithPrompt(ctx.ticket.promptId);
    return ctx.result();
  }

  // a queue integration that took the conversation gets it until it hands over (or an attendant
  // turns useIntegration off)
  if (ctx.ticket.useIntegration && ctx.ticket.integrationId !== null) {
    await ctx.answerWithIntegration(ctx.ticket.integrationId);
    return ctx.result();
  }

  // a ticket waiting in a queue is the attendants' now
  if (currentQueue && !ticket.isBot) return ctx.result();

  const bot = createBot(ctx);
  // 4. the bot is waiting for an answer to one of its menus
  if (ticket.isBot) {
    if (contact.disableBot) return ctx.result();
    if (currentQueue) await bot.answerOptionMenu(currentQueue, answer);
    else await bot.answerQueueMenu(answer);
    return ctx.result();
  }

  // 5. a new conversation: the connection's AI prompt, its queue integration (once: a ticket it
  // handed over goes on to the bot), the contact's own attendant, or the bot
  if (connection.promptId !== null && !contact.disableBot && (await findPrompt(tx, ticket.companyId, connection.promptId))) {
    await ctx.answerWithPrompt(connection.promptId);
    return ctx.result();
  }
  if (connection.integrationId !== null && ticket.integrationId === null && !contact.disableBot && (await findIntegration(tx, ticket.companyId, connection.integrationId))) {
    await ctx.answerWithIntegration(connection.integrationId);
    return ctx.result();
  }
  if (on(settings.DirectTicketsToWallets)) {
    const wallet = await walletAttendant(tx, ticket.companyId, contact.walletUserId, connectionQueues.map((queue) => queue.id));
    if (wallet) {
      await ctx.update({ userId: wallet.userId, queueId: wallet.queueId });
      await ctx.log('pending', wallet.userId);
      return ctx.result();
    }
  }
  await bot.start();
  return ctx.result();
};
