import type { KanbanLanesAnswer, KanbanTicketView } from '@atende/shared/kanban';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { toast } from '../../lib/toast.ts';
import { contactsApi } from '../contact-records/contacts-api.ts';
import { withValue } from './board.ts';
import { kanbanApi, kanbanQueryKeys, type BoardRange } from './kanban-api.ts';

export const useKanbanLanes = () => useQuery({ queryKey: kanbanQueryKeys.lanes, queryFn: kanbanApi.lanes });

export const useKanbanTickets = (range: BoardRange | null) =>
  useQuery({
    queryKey: kanbanQueryKeys.tickets(range ?? { queueIds: [], startDate: '', endDate: '' }),
    queryFn: () => kanbanApi.tickets(range ?? { queueIds: [], startDate: '', endDate: '' }),
    enabled: range !== null,
  });

// The admin's new lane order shows at once; the server's answer (or, on failure, a reload) settles it.
export const useReorderLanes = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: kanbanApi.reorderLanes,
    onMutate: async (laneIds) => {
      await queryClient.cancelQueries({ queryKey: kanbanQueryKeys.lanes });
      queryClient.setQueryData<KanbanLanesAnswer>(kanbanQueryKeys.lanes, (data) => {
        if (!data) return data;
        const byId = new Map(data.lista.map((lane) => [lane.id, lane]));
        return { lista: laneIds.flatMap((laneId) => byId.get(laneId) ?? []) };
      });
    },
    onSuccess: (answer) => queryClient.setQueryData(kanbanQueryKeys.lanes, answer),
    // 02-operations §8: kanban failures are only logged; the board returns to the stored order
    onError: (error) => {
      console.error(error);
      return queryClient.invalidateQueries({ queryKey: kanbanQueryKeys.lanes });
    },
  });
};

type Move = { ticket: KanbanTicketView; tagId: number | null };

// 02-operations §4 Kanban move: a lane's tag replaces the old one; the untagged lane only removes it.
export const useMoveToLane = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ticket, tagId }: Move) => {
      if (tagId === null) await kanbanApi.removeFromLane(ticket.id);
      else await kanbanApi.moveToLane(ticket.id, tagId);
    },
    onSuccess: (_, { tagId }) => {
      toast.success(tagId === null ? t('kanban.toasts.removed') : t('kanban.toasts.updated'));
      return queryClient.invalidateQueries({ queryKey: kanbanQueryKeys.all });
    },
    // 02-operations §8: kanban failures are only logged
    onError: (error) => console.error(error),
  });
};

// 02-operations §2: a card's opportunity value is kept in its contact's extra info 'valor'.
export const useSaveCardValue = (ticket: KanbanTicketView) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: string) => contactsApi.update(ticket.contact.id, { extraInfo: withValue(ticket.contact.extraInfo, next) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kanbanQueryKeys.all }),
    // 02-operations §8: a failed value save is only logged
    onError: (error) => console.error(error),
  });
};

// 02-operations §4: the board reloads on ticket and appMessage events, and on tag changes.
export const useKanbanEvents = () => {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: kanbanQueryKeys.all });
  useCompanyEvent('ticket', reload);
  useCompanyEvent('appMessage', reload);
  useCompanyEvent('tag', reload);
};
