import type { TicketView } from '@atende/shared/tickets';
import { Box, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../lib/session/session-context.ts';
import { useKanbanLanes } from '../../tags/use-tags.ts';
import { useMoveTicketToLane } from './use-move-ticket-to-lane.ts';

// 01-core §2 Contact drawer: the ticket's kanban stage, one of the company's kanban tags (its lanes).
export const KanbanLaneSelect = ({ ticket }: { ticket: TicketView }) => {
  const { t } = useTranslation();
  const me = useSessionUser();
  const { data: lanes = [] } = useKanbanLanes();
  const isLane = (tagId: number) => lanes.some((lane) => lane.id === tagId);
  const current = ticket.tags.find((tag) => isLane(tag.id))?.id ?? '';

  const change = useMoveTicketToLane(ticket, isLane);

  if (!me.company.plan.useKanban || lanes.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      label={t('contacts.drawer.kanban')}
      value={current}
      disabled={change.isPending}
      onChange={(event) => change.mutate(event.target.value === '' ? '' : Number(event.target.value))}
      data-testid="contact-drawer-kanban"
    >
      <MenuItem value="" data-testid="kanban-stage-none">
        <em>{t('contacts.drawer.noStage')}</em>
      </MenuItem>
      {lanes.map((lane) => (
        <MenuItem key={lane.id} value={lane.id} data-testid={`kanban-stage-option-${lane.id}`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: lane.color }} />
            <span>{lane.name}</span>
          </Stack>
        </MenuItem>
      ))}
    </TextField>
  );
};
