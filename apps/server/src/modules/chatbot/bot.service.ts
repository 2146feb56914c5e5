// The bot: the connection's queue menu, each queue's option tree with its way back, its limits
// (maxUseBotQueues, timeUseBotQueues), and the landing of a ticket in a queue (attendant choice
// or queue position).
import { findChatbot, findQueue, optionsUnder, type ChatbotRow, type QueueRow } from '../queues/queues.repo.ts';
import { promptOfQueue } from '../prompts/prompts.repo.ts';
import { findIntegration } from '../integrations/integrations.repo.ts';
import { queuePosition } from '../tickets/tickets.repo.ts';
import { findUser } from '../users/users.repo.ts';
import { chooseAttendant } from './attendant-choice.steps.ts';
import { closureFor } from './closures.steps.ts';
import { on, type FlowContext } from './flow-context.service.ts';
import { BACK_KEY, MAIN_MENU_KEY, chosenIndex, isKey, optionMenu, queueMenu } from './menus.rules.ts';
import { startRotationCountdown } from './queue-rotation.steps.ts';

// An option tree is edited freely, so a cycle of auto-chosen single options must end somewhere;
// a level shown at this depth is never auto-chosen.
const MAX_AUTO_DEPTH = 10;

export const createBot = (ctx: FlowContext) => {
  const { tx, connection, connectionQueues, settings, now } = ctx;
  const companyId = ctx.ticket.companyId;

  // maxUseBotQueues (0 = unlimited) counts the queue menus and every menu repeated after an
  // answer the bot did not know; walking the option tree is free.
  const exhausted = () => connection.maxUseBotQueues > 0 && ctx.ticket.amountUsedBotQueues >= connection.maxUseBotQueues;

  const menuSent = async (chatbotId: number | null, counted: boolean) => {
    if (!ctx.ticket.isBot && ctx.ticket.amountUsedBotQueues === 0) await ctx.log('chatBot');
    await ctx.update({
      isBot: true,
      chatbotId,
      amountUsedBotQueues: ctx.ticket.amountUsedBotQueues + (counted ? 1 : 0),
      botMenuSentAt: now,
    });
  };

  const integrationOf = (integrationId: number | null) => (integrationId === null ? undefined : findIntegration(tx, companyId, integrationId));

  const sendQueueMenu = async () => {
    await ctx.send(queueMenu(connection.greetingMessage, connectionQueues));
    await menuSent(null, true);
  };

  // The ticket waits in the queue: an attendant is chosen, or the customer learns their place.
  // A queue with an integration or an AI prompt lets it answer first; it hands over to the attendants.
  const land = async (queue: QueueRow) => {
    await ctx.update({ isBot: false, chatbotId: null });
    const integration = await integrationOf(queue.integrationId);
    if (integration) return ctx.answerWithIntegration(integration.id);
    const promptId = await promptOfQueue(tx, companyId, queue.id);
    if (promptId !== undefined) return ctx.answerWithPrompt(promptId);
    const userId = await chooseAttendant(tx, queue, settings, ctx.env.random);
    if (userId !== undefined) {
      await ctx.update({ userId });
      await ctx.log('pending', userId);
      if (queue.ativarRoteador) await startRotationCountdown(tx, ctx.ticket, queue, now);
      return;
    }
    if (on(settings.sendQueuePosition)) {
      const position = await queuePosition(tx, companyId, queue.id, ctx.ticket.id);
      await ctx.send(`${settings.sendQueuePositionMessage.trim()} *${position}*`.trim());
    }
  };

  // An answer the menu does not know: repeat the menu, unless timeUseBotQueues minutes have not
  // passed since the last one, or the bot has used up its sends and leaves the ticket waiting
  // (landing in the queue it reached, if any).
  const repeatOrGiveUp = async (resend: () => Promise<void>, queue?: QueueRow) => {
    if (exhausted()) return queue ? land(queue) : ctx.update({ isBot: false });
    const interval = connection.timeUseBotQueues * 60_000;
    const last = ctx.ticket.botMenuSentAt;
    if (interval > 0 && last && now.getTime() - last.getTime() < interval) return;
    await resend();
  };

  // `repeat`: shown again after an unknown answer, so it counts and never auto-chooses.
  const showLevel = async (queue: QueueRow, parentId: number | null, text: string, depth: number, repeat = false) => {
    const options = await optionsUnder(tx, companyId, queue.id, parentId);
    if (options.length === 1 && !repeat && depth < MAX_AUTO_DEPTH) {
      await ctx.send(text);
      return perform(queue, options[0], depth + 1);
    }
    await ctx.send(optionMenu(text, options, { back: parentId !== null, mainMenu: parentId !== null || connectionQueues.length > 1 }));
    await menuSent(parentId, repeat);
  };

  const enterQueue = async (queue: QueueRow, depth: number) => {
    await ctx.update({ queueId: queue.id, chatbotId: null, isBot: false });
    await ctx.log('queue');
    if (settings.scheduleType === 'queue') {
      const closure = await closureFor(tx, { connection, queue, settings }, now, ctx.env.timeZone);
      if (closure) {
        await ctx.send(closure.message);
        return ctx.update({ outOfHoursSentAt: now });
      }
    }
    // the queue's file list follows its greeting, before its menu
    let greeting = queue.greetingMessage;
    if (queue.fileListId !== null) {
      await ctx.send(greeting);
      await ctx.sendFileList(queue.fileListId);
      greeting = '';
    }
    const options = await optionsUnder(tx, companyId, queue.id, null);
    if (options.length > 0) return showLevel(queue, null, greeting, depth);
    await ctx.send(greeting);
    if (queue.closeTicket) return ctx.close();
    return land(queue);
  };

  const perform = async (queue: QueueRow, option: ChatbotRow, depth: number): Promise<void> => {
    switch (option.queueType) {
      case 'text':
      case 'file': {
        // a file option sends its text, then its file list; its sub-options come after the files
        let text = option.greetingMessage;
        if (option.queueType === 'file') {
          await ctx.send(text);
          await ctx.sendFileList(option.optFileId);
          text = '';
        }
        const children = await optionsUnder(tx, companyId, queue.id, option.id);
        if (children.length > 0) return showLevel(queue, option.id, text, depth);
        await ctx.send(text);
        if (option.closeTicket) return ctx.close();
        // an answer inside a menu keeps the menu open; an answer reached without one ends the bot
        if (!ctx.ticket.isBot) return land(queue);
        return;
      }
      case 'queue': {
        await ctx.send(option.greetingMessage);
        const target = option.optQueueId === null ? undefined : await findQueue(tx, companyId, option.optQueueId);
        return target ? enterQueue(target, depth + 1) : land(queue);
      }
      case 'attendent': {
        await ctx.send(option.greetingMessage);
        const target = (option.optQueueId === null ? undefined : await findQueue(tx, companyId, option.optQueueId)) ?? queue;
        const user = option.optUserId === null ? undefined : await findUser(tx, companyId, option.optUserId);
        if (!user) return land(target);
        await ctx.update({ queueId: target.id, userId: user.id, isBot: false, chatbotId: null });
        await ctx.log('pending', user.id);
        return;
      }
      case 'integration': {
        // the option's integration takes the conversation over; without one the ticket lands in the queue
        await ctx.send(option.greetingMessage);
        const integration = await integrationOf(option.optIntegrationId);
        if (integration) {
          await ctx.update({ isBot: false, chatbotId: null });
          return ctx.answerWithIntegration(integration.id);
        }
        return land(queue);
      }
    }
  };

  return {
    // A new conversation: the queue menu, or the only queue chosen at once.
    start: async () => {
      if (ctx.contact.disableBot || exhausted() || connectionQueues.length === 0) return;
      if (connectionQueues.length > 1) return sendQueueMenu();
      if (on(settings.sendGreetingMessageOneQueues)) await ctx.send(connection.greetingMessage);
      return enterQueue(connectionQueues[0], 0);
    },

    answerQueueMenu: async (answer: string) => {
      const index = chosenIndex(answer, connectionQueues.length);
      if (index !== undefined) return enterQueue(connectionQueues[index], 0);
      return repeatOrGiveUp(sendQueueMenu);
    },

    answerOptionMenu: async (queue: QueueRow, answer: string) => {
      // going back always shows the level, even one with a single option (no auto-choice)
      if (isKey(answer, MAIN_MENU_KEY) || (isKey(answer, BACK_KEY) && ctx.ticket.chatbotId === null)) {
        if (connectionQueues.length <= 1) return showLevel(queue, null, queue.greetingMessage, MAX_AUTO_DEPTH);
        await ctx.update({ queueId: null, chatbotId: null });
        return sendQueueMenu();
      }
      const level = ctx.ticket.chatbotId === null ? undefined : await findChatbot(tx, companyId, ctx.ticket.chatbotId);
      if (isKey(answer, BACK_KEY) && level) {
        const parent = level.parentId === null ? undefined : await findChatbot(tx, companyId, level.parentId);
        return showLevel(queue, parent?.id ?? null, parent?.greetingMessage ?? queue.greetingMessage, MAX_AUTO_DEPTH);
      }
      const options = await optionsUnder(tx, companyId, queue.id, level?.id ?? null);
      const index = chosenIndex(answer, options.length);
      if (index !== undefined) return perform(queue, options[index], 0);
      return repeatOrGiveUp(
        () => showLevel(queue, level?.id ?? null, level?.greetingMessage ?? queue.greetingMessage, 0, true),
        queue,
      );
    },
  };
};
