import type { MessageView } from '@atende/shared/messages';
import type { TicketView } from '@atende/shared/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketsApi } from '../tickets-api.ts';
import { upsertMessageInCache } from '../list/tickets-cache.ts';

type SendBody = Parameters<typeof ticketsApi.send>[1];

// how the composer's toggles send: as a private note, with the attendant's signature
export type SendOptions = { isPrivate: boolean; signMessage: boolean };

// POST /messages/{ticketId}; the created messages enter the chat's cache at once.
export const useSendMessage = (ticket: TicketView) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendBody) => ticketsApi.send(ticket.id, body),
    onSuccess: (created) => {
      for (const message of created) upsertMessageInCache(queryClient, message);
    },
  });
};

// Attachments, camera photos and recordings all go out as multipart media; the created messages
// enter the chat's cache at once.
export const useMediaSender = (ticket: TicketView) => {
  const queryClient = useQueryClient();
  return async (files: File[], caption: string, options: SendOptions) => {
    const created = await ticketsApi.sendMedia(ticket.id, files, caption, options.isPrivate, options.signMessage);
    for (const message of created) upsertMessageInCache(queryClient, message);
  };
};

type Composed = SendOptions & { body: string; files: File[]; editing: MessageView | null; quoted: MessageView | null };

// What the message box sends: an edit of one of the attendant's messages, the attachments with the
// text as caption, or the text (a reply quoting a message).
export const useSendComposed = (ticket: TicketView) => {
  const queryClient = useQueryClient();
  const sendMedia = useMediaSender(ticket);
  return useMutation({
    mutationFn: async ({ body, files, editing, quoted, ...options }: Composed) => {
      if (editing) {
        upsertMessageInCache(queryClient, await ticketsApi.editMessage(editing.id, body));
      } else if (files.length > 0) {
        await sendMedia(files, body, options);
      } else {
        const created = await ticketsApi.send(ticket.id, { body, isPrivate: options.isPrivate, signMessage: options.signMessage, quotedMsg: quoted ? { id: quoted.id } : undefined });
        for (const message of created) upsertMessageInCache(queryClient, message);
      }
    },
  });
};

// A photo taken with the camera, sent with its caption.
export const useSendPhoto = (ticket: TicketView) => {
  const sendMedia = useMediaSender(ticket);
  return useMutation({
    mutationFn: ({ photo, caption, options }: { photo: File; caption: string; options: SendOptions }) => sendMedia([photo], caption, options),
  });
};
