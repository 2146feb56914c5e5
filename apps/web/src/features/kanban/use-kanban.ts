import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../realtime/use-company-event.ts';
import { kanbanApi, kanbanQueryKeys, type BoardRange } from './kanban-api.ts';

export const useKanbanLanes = () => useQuery({ queryKey: kanbanQueryKeys.lanes, queryFn: kanbanApi.lanes });

export const useKanbanTickets = (range: BoardRange | null) =>
  useQuery({
    queryKey: kanbanQueryKeys.tickets(range ?? { queueIds: [], startDate: '', endDate: '' }),
    queryFn: () => kanbanApi.tickets(range ?? { queueIds: [], startDate: '', endDate: '' }),
    enabled: range !== null,
  });

// 02-operations §4: the board reloads on ticket and appMessage events, and on tag changes.
export const useKanbanEvents = () => {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: kanbanQueryKeys.all });
  useCompanyEvent('ticket', reload);
  useCompanyEvent('appMessage', reload);
  useCompanyEvent('tag', reload);
};
