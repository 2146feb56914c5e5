import { useDraggable, useDroppable } from '@dnd-kit/core';
import { KANBAN_LANE_WIDTH } from '@atende/shared/kanban';
import type { TagRecordView } from '@atende/shared/tags';
import { DragIndicator } from '@mui/icons-material';
import { Box, Chip, IconButton, Paper, Stack, Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatReais, type BoardDrag, type BoardLane } from './board.ts';
import { KanbanCard } from './kanban-card.tsx';

const CARD_HEIGHT_ESTIMATE = 170;

export const LaneChip = ({ tag }: { tag: TagRecordView | null }) => {
  const { t } = useTranslation();
  return (
    <Chip size="small" label={tag?.name ?? t('kanban.noLane')} sx={{ bgcolor: tag?.color, color: tag ? 'common.white' : undefined, fontWeight: 600 }} />
  );
};

// The handle by which an admin drags a lane to another place (issue 35 point 11).
const LaneHandle = ({ tag }: { tag: TagRecordView }) => {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `lane-handle-${tag.id}`, data: { kind: 'lane', lane: tag } satisfies BoardDrag });
  return (
    <IconButton
      ref={setNodeRef}
      size="small"
      aria-label={t('kanban.moveLane', { name: tag.name })}
      sx={{ cursor: 'grab', touchAction: 'none', opacity: isDragging ? 0.4 : 1, ml: -0.5 }}
      data-testid="kanban-lane-handle"
      {...attributes}
      {...listeners}
    >
      <DragIndicator fontSize="small" />
    </IconButton>
  );
};

// One column; only the cards in view are mounted, so a lane of thousands stays smooth.
export const KanbanLane = ({ lane, movable }: { lane: BoardLane; movable: boolean }) => {
  const { setNodeRef, isOver } = useDroppable({ id: lane.key, data: { tagId: lane.tag?.id ?? null } });
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: lane.tickets.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_HEIGHT_ESTIMATE,
    overscan: 4,
  });
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      sx={{ width: KANBAN_LANE_WIDTH, minWidth: KANBAN_LANE_WIDTH, display: 'flex', flexDirection: 'column', bgcolor: isOver ? 'action.hover' : undefined }}
      data-testid="kanban-lane"
      data-lane={lane.key}
    >
      <Stack spacing={0.5} sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
            {movable && lane.tag && <LaneHandle tag={lane.tag} />}
            <LaneChip tag={lane.tag} />
          </Stack>
          <Typography variant="caption" color="text.secondary" data-testid="kanban-lane-count">
            {lane.tickets.length}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="kanban-lane-total">
          {formatReais(lane.total)}
        </Typography>
      </Stack>
      <Box ref={scrollRef} sx={{ flex: 1, minHeight: 0, overflow: 'auto', p: 1 }}>
        <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const ticket = lane.tickets[item.index];
            return (
              <Box
                key={ticket.id}
                ref={virtualizer.measureElement}
                data-index={item.index}
                sx={{ position: 'absolute', top: 0, left: 0, width: '100%', pb: 1, transform: `translateY(${item.start}px)` }}
              >
                <KanbanCard ticket={ticket} laneKey={lane.key} />
              </Box>
            );
          })}
        </Box>
      </Box>
    </Paper>
  );
};
