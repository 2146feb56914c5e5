import { useDraggable } from '@dnd-kit/core';
import { KANBAN_CARD_MESSAGE_MAX, KANBAN_CARD_NAME_MAX, KANBAN_VALUE_FIELD, type KanbanTicketView } from '@atende/shared/kanban';
import { Badge, Card, CardActionArea, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { truncate, type BoardDrag } from './board.ts';
import { useSaveCardValue } from './use-kanban.ts';

type KanbanCardProps = { ticket: KanbanTicketView; laneKey: string; overlay?: boolean };

// 02-operations §2: name cut at 10, last message at 20, user, unread count, and the opportunity
// value, edited in place and kept in the contact's extra info 'valor'.
export const KanbanCard = ({ ticket, laneKey, overlay = false }: KanbanCardProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stored = ticket.contact.extraInfo.find((entry) => entry.name === KANBAN_VALUE_FIELD)?.value ?? '';
  const [value, setValue] = useState(stored);
  // The overlay copy registers under its own id: sharing the card's would let its unmount drop the
  // card's node from dnd-kit's registry, and it carries its own test id so it is never the card.
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: overlay ? `ticket-overlay-${ticket.id}` : `ticket-${ticket.id}`,
    data: { kind: 'card', ticket, laneKey } satisfies BoardDrag,
    disabled: overlay,
  });
  const save = useSaveCardValue(ticket);

  return (
    <Card
      ref={setNodeRef}
      variant="outlined"
      sx={{ opacity: isDragging ? 0.4 : 1, cursor: 'grab', touchAction: 'none' }}
      data-testid={overlay ? 'kanban-card-overlay' : 'kanban-card'}
      data-ticket-id={ticket.id}
      {...attributes}
      {...listeners}
    >
      <CardActionArea component="div" onClick={() => navigate(`/tickets/${ticket.uuid}`)}>
        <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="subtitle2" noWrap title={ticket.contact.name}>
              {truncate(ticket.contact.name, KANBAN_CARD_NAME_MAX)}
            </Typography>
            <Badge badgeContent={ticket.unreadMessages} color="success" data-testid="kanban-card-unread" sx={{ mr: 1 }} />
          </Stack>
          <Typography variant="body2" color="text.secondary" noWrap title={ticket.lastMessage}>
            {truncate(ticket.lastMessage, KANBAN_CARD_MESSAGE_MAX)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {ticket.user?.name ?? t('kanban.noUser')}
          </Typography>
        </CardContent>
      </CardActionArea>
      <CardContent sx={{ pt: 0, px: 1.5, '&:last-child': { pb: 1.5 } }}>
        <TextField
          size="small"
          type="number"
          fullWidth
          label={t('kanban.value')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => value !== stored && save.mutate(value)}
          onPointerDown={(event) => event.stopPropagation()}
          onKeyDown={(event) => {
            event.stopPropagation();
            if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
          }}
          slotProps={{ htmlInput: { step: '0.01', min: 0, 'data-testid': 'kanban-card-value' } }}
        />
      </CardContent>
    </Card>
  );
};
