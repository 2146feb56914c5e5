import { DndContext, DragOverlay, PointerSensor, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { kanbanSortOrders, type KanbanSortOrder } from '@atende/shared/kanban';
import { can } from '@atende/shared/permissions';
import { ViewColumn } from '@mui/icons-material';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ListStatus } from '../../components/list-status.tsx';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { useMyQueues } from '../queues/use-queues.ts';
import { buildLanes, laneOrderAfterDrop, today, type BoardDrag } from './board.ts';
import { KanbanCard } from './kanban-card.tsx';
import { KanbanLane, LaneChip } from './kanban-lane.tsx';
import { useKanbanEvents, useKanbanLanes, useKanbanTickets, useMoveToLane, useReorderLanes } from './use-kanban.ts';

const storedOrder = (): KanbanSortOrder => {
  const stored = readStorage(storageKeys.sortOrder);
  return kanbanSortOrders.find((order) => order === stored) ?? 'ticketNumber';
};

// Why the board is empty, when it is (issue 35 point 11): the board shows only the user's queues'
// tickets, and its lanes are the kanban tags.
const KanbanHints = ({ withoutQueues, withoutLanes, withoutTickets }: { withoutQueues: boolean; withoutLanes: boolean; withoutTickets: boolean }) => {
  const { t } = useTranslation();
  const hints = [
    ...(withoutQueues ? (['noQueues'] as const) : []),
    ...(withoutLanes ? (['noLanes'] as const) : []),
    ...(withoutTickets && !withoutQueues ? (['noTickets'] as const) : []),
  ];
  if (hints.length === 0) return null;
  return (
    <Stack spacing={1}>
      {hints.map((hint) => (
        <Alert key={hint} severity="info" data-testid={`kanban-hint-${hint}`}>
          {t(`kanban.hints.${hint}`)}
        </Alert>
      ))}
    </Stack>
  );
};

// tagId null: the untagged lane

// /Kanban (02-operations §2): the untagged lane and one per kanban tag; cards move by drag and drop.
export const KanbanPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actor = useSessionUser();
  const [order, setOrder] = useState<KanbanSortOrder>(storedOrder);
  const [dates, setDates] = useState({ startDate: today(), endDate: today() });
  const [applied, setApplied] = useState(dates);
  const [dragged, setDragged] = useState<BoardDrag | null>(null);
  const { data: myQueues } = useMyQueues();
  const range = myQueues ? { queueIds: myQueues.map((queue) => queue.id), ...applied } : null;
  const lanesQuery = useKanbanLanes();
  const ticketsQuery = useKanbanTickets(range);
  useKanbanEvents();
  const reorder = useReorderLanes();
  // who may add columns may order them (02-operations §6)
  const mayArrange = can(actor, 'dashboard:view');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const lanes = useMemo(
    () => buildLanes(lanesQuery.data?.lista ?? [], ticketsQuery.data?.tickets ?? [], order),
    [lanesQuery.data, ticketsQuery.data, order],
  );

  const move = useMoveToLane();

  const onDragStart = (event: DragStartEvent) => setDragged(event.active.data.current as BoardDrag);
  const onDragEnd = (event: DragEndEvent) => {
    setDragged(null);
    const drag = event.active.data.current as BoardDrag;
    if (!event.over) return;
    const target = (event.over.data.current as { tagId: number | null }).tagId;
    if (drag.kind === 'lane') {
      const laneIds = (lanesQuery.data?.lista ?? []).map((lane) => lane.id);
      const next = laneOrderAfterDrop(laneIds, drag.lane.id, target);
      if (next.some((laneId, index) => laneId !== laneIds[index])) reorder.mutate(next);
      return;
    }
    if (event.over.id !== drag.laneKey) move.mutate({ ticket: drag.ticket, tagId: target });
  };

  const chooseOrder = (next: KanbanSortOrder) => {
    setOrder(next);
    writeStorage(storageKeys.sortOrder, next);
  };

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('kanban.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('kanban.sort.label')}
          value={order}
          onChange={(event) => chooseOrder(event.target.value as KanbanSortOrder)}
          sx={{ minWidth: 200 }}
          data-testid="kanban-sort"
        >
          {kanbanSortOrders.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`kanban.sort.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        {(['startDate', 'endDate'] as const).map((field) => (
          <TextField
            key={field}
            type="date"
            size="small"
            label={t(`kanban.${field}`)}
            value={dates[field]}
            onChange={(event) => setDates((current) => ({ ...current, [field]: event.target.value }))}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `kanban-${field}` } }}
          />
        ))}
        <Button variant="outlined" onClick={() => setApplied(dates)} data-testid="kanban-search">
          {t('kanban.search')}
        </Button>
        {mayArrange && (
          <Button variant="contained" startIcon={<ViewColumn />} onClick={() => navigate('/TagsKanban')} data-testid="kanban-add-columns">
            {t('kanban.addColumns')}
          </Button>
        )}
      </Stack>
      <KanbanHints
        withoutQueues={myQueues?.length === 0}
        withoutLanes={lanesQuery.isSuccess && lanesQuery.data.lista.length === 0}
        withoutTickets={ticketsQuery.isSuccess && ticketsQuery.data.tickets.length === 0}
      />
      <DndContext sensors={sensors} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragged(null)}>
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex', gap: 2, overflowX: 'auto', pb: 1 }} data-testid="kanban-board">
          {lanes.map((lane) => (
            <KanbanLane key={lane.key} lane={lane} movable={mayArrange} />
          ))}
        </Box>
        <DragOverlay>
          {dragged?.kind === 'card' && <KanbanCard ticket={dragged.ticket} laneKey="" overlay />}
          {dragged?.kind === 'lane' && (
            <Box data-testid="kanban-lane-overlay">
              <LaneChip tag={dragged.lane} />
            </Box>
          )}
        </DragOverlay>
      </DndContext>
      <ListStatus loading={lanesQuery.isPending || ticketsQuery.isPending} empty={false} emptyText="" />
    </Stack>
  );
};
