import type { TicketNoteBody, TicketView } from '@atende/shared/tickets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { ticketsQueryKeys } from '../list/tickets-cache.ts';
import { ticketsApi } from '../tickets-api.ts';

// 01-core §5 Ticket notes: the ticket's contact's notes, read afresh each time the dialog opens.
export const useTicketNotes = (ticket: TicketView) =>
  useQuery({ queryKey: ticketsQueryKeys.notes(ticket.id), queryFn: () => ticketsApi.notes(ticket.id, ticket.contactId), staleTime: 0 });

// onAdded runs between the toast and the list's refresh (the dialog empties its field there).
export const useAddTicketNote = (ticket: TicketView, onAdded: () => void) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketNoteBody) => ticketsApi.addNote(body),
    onSuccess: async () => {
      toast.success(t('tickets.notes.added'));
      onAdded();
      await queryClient.invalidateQueries({ queryKey: ticketsQueryKeys.notes(ticket.id) });
    },
  });
};

// onRemoved runs between the toast and the list's refresh (the dialog closes its confirmation there).
export const useRemoveTicketNote = (ticket: TicketView, onRemoved: () => void) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: number) => ticketsApi.deleteNote(noteId),
    onSuccess: async () => {
      toast.success(t('tickets.notes.deleted'));
      onRemoved();
      await queryClient.invalidateQueries({ queryKey: ticketsQueryKeys.notes(ticket.id) });
    },
    onError: (error) => toastError(error),
  });
};
