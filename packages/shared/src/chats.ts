// Internal chat (02-operations §3 Internal chat, §5 Chat, §7 Internal chat): conversations between
// users of one company.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { boundedText, idParam, pageNumberQuery, searchParamQuery, validationMessages } from './validation.ts';

export const CHATS_PAGE_SIZE = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 20;
// 02-operations §9: older messages load when the list is scrolled within this of its top
export const CHAT_LOAD_MORE_TOP_PX = 600;
export const CHAT_MESSAGE_MAX = 10_000;

const userRef = z.object({ id: z.number().int(), name: z.string() });

export const chatMemberView = z.object({ userId: z.number().int(), unreads: z.number().int(), user: userRef }).meta({ id: 'ChatMember' });
export type ChatMemberView = z.infer<typeof chatMemberView>;

export const chatView = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    title: z.string(),
    ownerId: z.number().int(),
    users: z.array(chatMemberView),
    lastMessage: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Chat' });
export type ChatView = z.infer<typeof chatView>;

export const chatMessageView = z
  .object({
    id: z.number().int(),
    chatId: z.number().int(),
    senderId: z.number().int(),
    sender: userRef,
    message: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessageView = z.infer<typeof chatMessageView>;

export const chatsPage = z.object({ records: z.array(chatView), hasMore: z.boolean() }).meta({ id: 'ChatPage' });
export type ChatsPage = z.infer<typeof chatsPage>;
export const chatMessagesPage = z
  .object({ records: z.array(chatMessageView), count: z.number().int(), hasMore: z.boolean() })
  .meta({ id: 'ChatMessagePage' });
export type ChatMessagesPage = z.infer<typeof chatMessagesPage>;

// The family's web sends the chosen users as whole user objects, or a chat read back whole with
// its members ({ userId, … }); only the ids count. Bare ids are read too.
const chatMember = z.union([
  idParam,
  z.object({ id: idParam }).transform((user) => user.id),
  z.object({ userId: idParam }).transform((member) => member.userId),
]);

// 02-operations §5: saving requires a title and at least one user (the owner joins by itself).
export const chatSaveBody = z
  .strictObject({
    title: boundedText(1, 200),
    users: z.array(chatMember, { error: validationMessages.required }).min(1, validationMessages.required).max(500),
  })
  .meta({ id: 'ChatBody' });
export type ChatSaveBody = z.infer<typeof chatSaveBody>;
// the form's values, before the member objects become ids
export type ChatSaveInput = z.input<typeof chatSaveBody>;

export const chatsListQuery = z.strictObject({
  searchParam: searchParamQuery,
  pageNumber: pageNumberQuery,
});
export type ChatsListQuery = z.infer<typeof chatsListQuery>;

export const chatMessagesQuery = z.strictObject({ pageNumber: pageNumberQuery });
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuery>;

export const chatMessageBody = z.strictObject({ message: boundedText(1, CHAT_MESSAGE_MAX) }).meta({ id: 'ChatMessageBody' });
export type ChatMessageBody = z.infer<typeof chatMessageBody>;

export const unreadsOf = (chat: ChatView, userId: number) => chat.users.find((member) => member.userId === userId)?.unreads ?? 0;

const chatParams = z.strictObject({ id: idParam });
// a chat is found only by its members
const notFound = { 404: ['ERR_NO_CHAT_FOUND'] } as const;
// editing and removing are the owner's (02-operations §6)
const ownersOnly = { 403: ['ERR_NO_PERMISSION'], 404: ['ERR_NO_CHAT_FOUND'] } as const;

// 02-operations §7 Internal chat calls (each needs the plan's internal chat)
export const chatsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/chats', query: chatsListQuery, response: chatsPage, operationId: 'listChats', summary: "A page of the user's internal chats, searched by title" }),
  show: defineEndpoint({ method: 'GET', path: '/chats/:id', params: chatParams, response: chatView, operationId: 'showChat', summary: 'One internal chat with its members', errors: notFound }),
  create: defineEndpoint({
    method: 'POST',
    path: '/chats',
    body: chatSaveBody,
    response: chatView,
    status: 201,
    operationId: 'createChat',
    summary: 'Starts an internal chat owned by the user, with the users named',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/chats/:id',
    params: chatParams,
    body: chatSaveBody,
    response: chatView,
    operationId: 'updateChat',
    summary: "Changes a chat's title and members (its owner)",
    errors: ownersOnly,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/chats/:id',
    params: chatParams,
    response: null,
    status: 204,
    operationId: 'deleteChat',
    summary: 'Removes a chat and its messages (its owner)',
    errors: ownersOnly,
  }),
  // the family's clients name the user in the body ({ userId }); the caller's own count is the one
  // cleared, whoever is named, so the body is not read
  markRead: defineEndpoint({
    method: 'POST',
    path: '/chats/:id/read',
    params: chatParams,
    response: chatView,
    operationId: 'markChatRead',
    summary: "Clears the user's unread count of a chat",
    errors: notFound,
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/chats/:id/messages',
    params: chatParams,
    query: chatMessagesQuery,
    response: chatMessagesPage,
    operationId: 'listChatMessages',
    summary: "A page of a chat's messages, newest page first, oldest first within it",
    errors: notFound,
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/chats/:id/messages',
    params: chatParams,
    body: chatMessageBody,
    response: chatMessageView,
    status: 201,
    operationId: 'sendChatMessage',
    summary: 'Sends a message to a chat',
    errors: notFound,
  }),
};
