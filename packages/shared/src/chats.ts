// Internal chat (02-operations §3 Internal chat, §5 Chat, §7 Internal chat): conversations between
// users of one company.
import { z } from 'zod';
import { boundedText, idParam, pageNumberQuery, searchParamQuery, validationMessages } from './validation.ts';

export const CHATS_PAGE_SIZE = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 20;
// 02-operations §9: older messages load when the list is scrolled within this of its top
export const CHAT_LOAD_MORE_TOP_PX = 600;
export const CHAT_MESSAGE_MAX = 10_000;

export type ChatMemberView = { userId: number; unreads: number; user: { id: number; name: string } };

export type ChatView = {
  id: number;
  uuid: string;
  title: string;
  ownerId: number;
  users: ChatMemberView[];
  lastMessage: string;
  updatedAt: string;
};

export type ChatMessageView = {
  id: number;
  chatId: number;
  senderId: number;
  sender: { id: number; name: string };
  message: string;
  createdAt: string;
};

export type ChatsPage = { records: ChatView[]; hasMore: boolean };
export type ChatMessagesPage = { records: ChatMessageView[]; count: number; hasMore: boolean };

// The family's web sends the chosen users as whole user objects, or a chat read back whole with
// its members ({ userId, … }); only the ids count. Bare ids are read too.
const chatMember = z.union([
  idParam,
  z.object({ id: idParam }).transform((user) => user.id),
  z.object({ userId: idParam }).transform((member) => member.userId),
]);

// 02-operations §5: saving requires a title and at least one user (the owner joins by itself).
export const chatSaveBody = z.strictObject({
  title: boundedText(1, 200),
  users: z.array(chatMember, { error: validationMessages.required }).min(1, validationMessages.required).max(500),
});
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

export const chatMessageBody = z.strictObject({ message: boundedText(1, CHAT_MESSAGE_MAX) });
export type ChatMessageBody = z.infer<typeof chatMessageBody>;

export const unreadsOf = (chat: ChatView, userId: number) => chat.users.find((member) => member.userId === userId)?.unreads ?? 0;
