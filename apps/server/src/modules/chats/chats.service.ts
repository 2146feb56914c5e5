import {
  CHAT_MESSAGES_PAGE_SIZE,
  CHATS_PAGE_SIZE,
  type ChatMessageBody,
  type ChatMessagesPage,
  type ChatMessagesQuery,
  type ChatSaveBody,
  type ChatsListQuery,
  type ChatsPage,
  type ChatView,
} from '@atende/shared/chats';
import type { CompanyEvents } from '@atende/shared/events';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import { forbidden, invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { existingUserIds } from '../users/users.repo.ts';
import * as repo from './chats.repo.ts';
import { loadChatView, loadChatViews } from './chat-views.repo.ts';
import { toChatMessageView } from './chats.view.ts';

type Deps = { db: Db; bus: EventBus };

const chatNotFound = () => notFound('ERR_NO_CHAT_FOUND');

const memberIds = (chat: ChatView) => chat.users.map((member) => member.userId);

// The chat's members: the owner and the chosen users, every one a user of the company.
const checkedMembers = async (tx: DbOrTx, tenant: TenantContext, ownerId: number, chosen: number[]) => {
  const wanted = [...new Set([ownerId, ...chosen])];
  const found = await existingUserIds(tx, tenant.companyId, wanted);
  if (found.length !== wanted.length) throw invalidField('body.users', 'validation.unknownUser');
  return wanted;
};

export const createChatsService = ({ db, bus }: Deps) => {
  // Chat events reach the chat's members only (02-operations §7 Internal chat), never the whole
  // company: each member's user room.
  const publish = (companyId: number, userIds: number[], payload: CompanyEvents['chat']) =>
    bus.publish({ companyId, event: 'chat', payload, audience: { userIds } });

  const memberChat = async (tx: DbOrTx, tenant: TenantContext, chatId: number) => {
    const row = await repo.findChatOfMember(tx, tenant.companyId, chatId, tenant.userId);
    if (!row) throw chatNotFound();
    return row;
  };

  // 02-operations §6: edit and delete are the owner's
  const ownedChat = async (tx: DbOrTx, tenant: TenantContext, chatId: number) => {
    const row = await memberChat(tx, tenant, chatId);
    if (row.ownerId !== tenant.userId) throw forbidden();
    return row;
  };

  return {
    list: async (tenant: TenantContext, query: ChatsListQuery): Promise<ChatsPage> => {
      const offset = (query.pageNumber - 1) * CHATS_PAGE_SIZE;
      const page = await repo.listChatsOfMember(db, tenant.companyId, tenant.userId, {
        search: query.searchParam,
        limit: CHATS_PAGE_SIZE,
        offset,
      });
      return { records: await loadChatViews(db, tenant.companyId, page.rows), hasMore: offset + page.rows.length < page.count };
    },

    show: async (tenant: TenantContext, chatId: number) => loadChatView(db, tenant.companyId, await memberChat(db, tenant, chatId)),

    create: async (tenant: TenantContext, body: ChatSaveBody) => {
      const chat = await withTransaction(db, async (tx) => {
        const members = await checkedMembers(tx, tenant, tenant.userId, body.users);
        const row = await repo.insertChat(tx, tenant.companyId, { title: body.title, ownerId: tenant.userId });
        await repo.replaceMembers(tx, tenant.companyId, row.id, members);
        return loadChatView(tx, tenant.companyId, row);
      });
      publish(tenant.companyId, memberIds(chat), { action: 'create', chat });
      return chat;
    },

    update: async (tenant: TenantContext, chatId: number, body: ChatSaveBody) => {
      const { chat, removed } = await withTransaction(db, async (tx) => {
        const owned = await ownedChat(tx, tenant, chatId);
        const members = await checkedMembers(tx, tenant, owned.ownerId, body.users);
        const removedIds = await repo.replaceMembers(tx, tenant.companyId, chatId, members);
        const row = await repo.updateChat(tx, tenant.companyId, chatId, { title: body.title });
        if (!row) throw chatNotFound();
        return { chat: await loadChatView(tx, tenant.companyId, row), removed: removedIds };
      });
      publish(tenant.companyId, memberIds(chat), { action: 'update', chat });
      // users taken out of the chat lose it from their lists
      publish(tenant.companyId, removed, { action: 'delete', chatId });
      return chat;
    },

    remove: async (tenant: TenantContext, chatId: number) => {
      const members = await withTransaction(db, async (tx) => {
        const owned = await ownedChat(tx, tenant, chatId);
        const chat = await loadChatView(tx, tenant.companyId, owned);
        await repo.deleteChat(tx, tenant.companyId, chatId);
        return memberIds(chat);
      });
      publish(tenant.companyId, members, { action: 'delete', chatId });
    },

    markRead: async (tenant: TenantContext, chatId: number) => {
      const chat = await withTransaction(db, async (tx) => {
        const row = await memberChat(tx, tenant, chatId);
        await repo.clearUnreads(tx, tenant.companyId, chatId, tenant.userId);
        return loadChatView(tx, tenant.companyId, row);
      });
      publish(tenant.companyId, memberIds(chat), { action: 'update', chat });
      return chat;
    },

    messages: async (tenant: TenantContext, chatId: number, query: ChatMessagesQuery): Promise<ChatMessagesPage> => {
      await memberChat(db, tenant, chatId);
      const offset = (query.pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE;
      const page = await repo.listChatMessages(db, tenant.companyId, chatId, { limit: CHAT_MESSAGES_PAGE_SIZE, offset });
      // a page reads top to bottom: oldest of the page first
      return {
        records: page.rows.map(toChatMessageView).reverse(),
        count: page.count,
        hasMore: offset + page.rows.length < page.count,
      };
    },

    send: async (tenant: TenantContext, chatId: number, body: ChatMessageBody) => {
      const { chat, newMessage } = await withTransaction(db, async (tx) => {
        await memberChat(tx, tenant, chatId);
        const message = await repo.insertChatMessage(tx, tenant.companyId, { chatId, senderId: tenant.userId, message: body.message });
        await repo.addUnreadForOthers(tx, tenant.companyId, chatId, tenant.userId);
        const row = await repo.updateChat(tx, tenant.companyId, chatId, { lastMessage: body.message });
        if (!row) throw chatNotFound();
        return { chat: await loadChatView(tx, tenant.companyId, row), newMessage: toChatMessageView(message) };
      });
      publish(tenant.companyId, memberIds(chat), { action: 'new-message', chat, newMessage });
      return newMessage;
    },
  };
};

export type ChatsService = ReturnType<typeof createChatsService>;
