// The steps a customer's message goes through before an attendant takes the ticket (issue 7,
// README "Conversation flow"): LGPD consent, vacation and service hours, the contact's wallet,
// the connection's queue menu, the queue's option tree, and the landing in a queue (attendant
// choice or queue position). Runs inside the transaction that stored the message; every answer
// is written as an outbound message with its delivery job in that same transaction.
import { renderPlaceholders } from '@atende/shared/placeholders';
import type { CompanySettings } from '@atende/shared/settings';
import type { DbOrTx } from '../../db/client.ts';
import type { contacts } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { MessageRow } from '../messages/messages.repo.ts';
import { writeOutboundMessage } from '../messages/outbound-message.ts';
import { readCompanySettings } from '../settings/company-settings.repo.ts';
import { writeTicketLog, type TicketLogType } from '../tickets/ticket-logs.repo.ts';
import { updateTicket, type TicketRow } from '../tickets/tickets.repo.ts';
import { chooseAttendant, walletAttendant, type PickRandom } from './attendant-choice.ts';
import { alreadyAnswered, closureFor } from './closures.ts';
import * as repo from './flow.repo.ts';
import { LGPD_REFUSED_MESSAGE, lgpdAnswer, lgpdRequest } from './lgpd.ts';
import { BACK_KEY, MAIN_MENU_KEY, chosenIndex, isKey, optionMenu, queueMenu } from './menus.ts';

export type FlowEnv = { clock: Clock; timeZone: string; random: PickRandom };
export type FlowInput = { ticket: TicketRow; contact: typeof contacts.$inferSelect; message: MessageRow };
export type FlowResult = { ticket: TicketRow; messages: MessageRow[] };

// An option tree is edited freely, so a cycle of auto-chosen single options must end somewhere.
const MAX_AUTO_DEPTH = 10;

const on = (value: string) => value === 'enabled';

export const runFlow = async (tx: DbOrTx, env: FlowEnv, input: FlowInput): Promise<FlowResult> => {
  const { contact, message } = input;
  let ticket = input.ticket;
  const messages: MessageRow[] = [];
  const result = () => ({ ticket, messages });

  const waitingForBot = (ticket.status === 'pending' || ticket.status === 'lgpd') && ticket.userId === null;
  if (message.fromMe || ticket.isGroup || !waitingForBot || ticket.whatsappId === null) return result();
  const connection = await repo.findConnection(tx, ticket.companyId, ticket.whatsappId);
  if (!connection) return result();
  const settings: CompanySettings = await readCompanySettings(tx, ticket.companyId);
  const now = env.clock.now();
  const answer = message.body;

  const update = async (values: Partial<TicketRow>) => {
    ticket = (await updateTicket(tx, ticket.companyId, ticket.id, values)) ?? ticket;
  };
  const log = (type: TicketLogType, userId: number | null = null) =>
    writeTicketLog(tx, { companyId: ticket.companyId, ticketId: ticket.id, type, userId, queueId: ticket.queueId });
  const send = async (template: string) => {
    if (!template.trim()) return;
    const body = renderPlaceholders(template, { name: contact.name, protocol: String(ticket.id), now, timeZone: env.timeZone });
    const sent = await writeOutboundMessage(tx, ticket, { body, userId: null, isPrivate: false });
    ticket = sent.ticket;
    messages.push(sent.message);
  };
  const close = async () => {
    await update({ status: 'closed', closedAt: now, isBot: false, chatbotId: null, amountUsedBotQueues: 0 });
    await log('closed');
  };

  // --- the bot's menus and their limit: maxUseBotQueues (0 = unlimited) counts the queue menus
  // and every menu repeated after an answer it did not know; walking the option tree is free ---
  const botExhausted = () => connection.maxUseBotQueues > 0 && ticket.amountUsedBotQueues >= connection.maxUseBotQueues;
  const menuSent = async (chatbotId: number | null, counted: boolean) => {
    if (!ticket.isBot && ticket.amountUsedBotQueues === 0) await log('chatBot');
    await update({
      isBot: true,
      chatbotId,
      amountUsedBotQueues: ticket.amountUsedBotQueues + (counted ? 1 : 0),
      botMenuSentAt: now,
    });
  };
  // An answer the menu does not know: repeat the menu, unless timeUseBotQueues minutes have not
  // passed since the last one, or the bot has used up its sends and leaves the ticket waiting
  // (landing in the queue it reached, if any).
  const repeatOrGiveUp = async (resend: () => Promise<void>, queue?: repo.FlowQueue) => {
    if (botExhausted()) return queue ? land(queue) : update({ isBot: false });
    const interval = connection.timeUseBotQueues * 60_000;
    if (interval > 0 && ticket.botMenuSentAt && now.getTime() - ticket.botMenuSentAt.getTime() < interval) return;
    await resend();
  };

  const connectionQueues = await repo.queuesOfConnection(tx, ticket.companyId, connection.id);

  const sendQueueMenu = async () => {
    await send(queueMenu(connection.greetingMessage, connectionQueues));
    await menuSent(null, true);
  };

  // The ticket waits in the queue: an attendant is chosen, or the customer learns their place.
  const land = async (queue: repo.FlowQueue) => {
    await update({ isBot: false, chatbotId: null });
    const userId = await chooseAttendant(tx, queue, settings, env.random);
    if (userId !== undefined) {
      await update({ userId });
      await log('pending', userId);
      return;
    }
    if (on(settings.sendQueuePosition)) {
      const position = await repo.queuePosition(tx, ticket.companyId, queue.id, ticket.id);
      await send(`${settings.sendQueuePositionMessage.trim()} *${position}*`.trim());
    }
  };

  // `repeat`: shown again after an unknown answer, so it counts and never auto-chooses
  const showLevel = async (
    queue: repo.FlowQueue,
    parentId: number | null,
    text: string,
    depth: number,
    repeat = false,
  ): Promise<void> => {
    const options = await repo.optionsUnder(tx, ticket.companyId, queue.id, parentId);
    if (options.length === 1 && !repeat && depth < MAX_AUTO_DEPTH) {
      await send(text);
      return perform(queue, options[0], depth + 1);
    }
    await send(optionMenu(text, options, { back: parentId !== null, mainMenu: parentId !== null || connectionQueues.length > 1 }));
    await menuSent(parentId, repeat);
  };

  const enterQueue = async (queue: repo.FlowQueue, depth: number) => {
    await update({ queueId: queue.id, chatbotId: null, isBot: false });
    await log('queue');
    if (settings.scheduleType === 'queue') {
      const closure = await closureFor(tx, { connection, queue, settings }, now, env.timeZone);
      if (closure) {
        await send(closure.message);
        return update({ outOfHoursSentAt: now });
      }
    }
    const options = await repo.optionsUnder(tx, ticket.companyId, queue.id, null);
    if (options.length > 0) return showLevel(queue, null, queue.greetingMessage, depth);
    await send(queue.greetingMessage);
    if (queue.closeTicket) return close();
    return land(queue);
  };

  const perform = async (queue: repo.FlowQueue, option: repo.FlowOption, depth: number): Promise<void> => {
    switch (option.queueType) {
      case 'text':
      case 'file': {
        // file lists are not part of the product yet: a file option answers with its text
        const children = await repo.optionsUnder(tx, ticket.companyId, queue.id, option.id);
        if (children.length > 0) return showLevel(queue, option.id, option.greetingMessage, depth);
        await send(option.greetingMessage);
        if (option.closeTicket) return close();
        // an answer inside a menu keeps the menu open; an answer reached without one ends the bot
        if (!ticket.isBot) return land(queue);
        return;
      }
      case 'queue': {
        await send(option.greetingMessage);
        const target = option.optQueueId === null ? undefined : await repo.findQueue(tx, ticket.companyId, option.optQueueId);
        return target ? enterQueue(target, depth + 1) : land(queue);
      }
      case 'attendent': {
        await send(option.greetingMessage);
        const target = option.optQueueId === null ? undefined : await repo.findQueue(tx, ticket.companyId, option.optQueueId);
        const user = option.optUserId === null ? undefined : await repo.findUserOfCompany(tx, ticket.companyId, option.optUserId);
        if (!user) return land(target ?? queue);
        await update({ queueId: (target ?? queue).id, userId: user.id, isBot: false, chatbotId: null });
        await log('pending', user.id);
        return;
      }
      case 'integration': {
        // the integration takes the conversation over; until it answers the ticket waits in the queue
        await send(option.greetingMessage);
        return update({ useIntegration: true, isBot: false, chatbotId: null });
      }
    }
  };

  const startBot = async () => {
    if (contact.disableBot || botExhausted() || connectionQueues.length === 0) return;
    if (connectionQueues.length > 1) return sendQueueMenu();
    if (on(settings.sendGreetingMessageOneQueues)) await send(connection.greetingMessage);
    return enterQueue(connectionQueues[0], 0);
  };

  // 1. LGPD consent, asked once per contact before anything else
  if (ticket.status === 'lgpd') {
    const decision = lgpdAnswer(answer);
    if (decision === undefined) {
      await send(lgpdRequest(settings.lgpdMessage, settings.lgpdLink));
      return result();
    }
    if (decision === 'refuse') {
      await send(LGPD_REFUSED_MESSAGE);
      await close();
      return result();
    }
    await repo.markLgpdAccepted(tx, ticket.companyId, contact.id, now);
    await update({ status: 'pending' });
  } else if (on(settings.enableLGPD) && contact.lgpdAcceptedAt === null && ticket.queueId === null && !ticket.isBot) {
    await send(lgpdRequest(settings.lgpdMessage, settings.lgpdLink));
    await update({ status: 'lgpd' });
    return result();
  }

  // 2. vacation and service hours
  const currentQueue = ticket.queueId === null ? undefined : await repo.findQueue(tx, ticket.companyId, ticket.queueId);
  const closure = await closureFor(tx, { connection, queue: currentQueue, settings }, now, env.timeZone);
  if (closure) {
    if (!alreadyAnswered(closure, ticket.outOfHoursSentAt)) {
      await send(closure.message);
      await update({ outOfHoursSentAt: now });
    }
    return result();
  }

  // 3. a ticket waiting in a queue is the attendants' now
  if (currentQueue && !ticket.isBot) return result();

  // 4. the bot is waiting for an answer to one of its menus
  if (ticket.isBot && !contact.disableBot) {
    if (!currentQueue) {
      const index = chosenIndex(answer, connectionQueues.length);
      if (index !== undefined) await enterQueue(connectionQueues[index], 0);
      else await repeatOrGiveUp(sendQueueMenu);
      return result();
    }
    // going back always shows the level, even one with a single option (no auto-choice)
    if (isKey(answer, MAIN_MENU_KEY) || (isKey(answer, BACK_KEY) && ticket.chatbotId === null)) {
      if (connectionQueues.length > 1) {
        await update({ queueId: null, chatbotId: null });
        await sendQueueMenu();
      } else {
        await showLevel(currentQueue, null, currentQueue.greetingMessage, MAX_AUTO_DEPTH);
      }
      return result();
    }
    const level = ticket.chatbotId === null ? undefined : await repo.findOption(tx, ticket.companyId, ticket.chatbotId);
    if (isKey(answer, BACK_KEY) && level) {
      const parent = level.parentId === null ? undefined : await repo.findOption(tx, ticket.companyId, level.parentId);
      await showLevel(currentQueue, parent?.id ?? null, parent?.greetingMessage ?? currentQueue.greetingMessage, MAX_AUTO_DEPTH);
      return result();
    }
    const options = await repo.optionsUnder(tx, ticket.companyId, currentQueue.id, level?.id ?? null);
    const index = chosenIndex(answer, options.length);
    if (index !== undefined) await perform(currentQueue, options[index], 0);
    else
      await repeatOrGiveUp(
        () => showLevel(currentQueue, level?.id ?? null, level?.greetingMessage ?? currentQueue.greetingMessage, 0, true),
        currentQueue,
      );
    return result();
  }

  // 5. a new conversation: the contact's own attendant, or the bot
  if (!currentQueue && !ticket.isBot) {
    if (on(settings.DirectTicketsToWallets)) {
      const wallet = await walletAttendant(tx, ticket.companyId, contact.walletUserId, connectionQueues.map((queue) => queue.id));
      if (wallet) {
        await update({ userId: wallet.userId, queueId: wallet.queueId });
        await log('pending', wallet.userId);
        return result();
      }
    }
    await startBot();
  }
  return result();
};
