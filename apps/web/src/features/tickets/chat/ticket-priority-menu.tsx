import { ticketPriorities, type TicketView } from '@atende/shared/tickets';
import { Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PriorityChip } from '../priority-chip.tsx';
import { useSetTicketPriority } from './use-set-ticket-priority.ts';

// The chat header's priority (issue 40 point 5): the chip opens the menu that changes it.
export const TicketPriorityMenu = ({ ticket }: { ticket: TicketView }) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const change = useSetTicketPriority(ticket);
  return (
    <>
      <Tooltip title={t('tickets.priority.label')}>
        <span>
          <PriorityChip priority={ticket.priority} onClick={(event) => setAnchor(event.currentTarget)} testId="ticket-header-priority" />
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {[...ticketPriorities].reverse().map((priority) => (
          <MenuItem
            key={priority}
            selected={priority === ticket.priority}
            disabled={change.isPending}
            onClick={() => {
              setAnchor(null);
              if (priority !== ticket.priority) change.mutate(priority);
            }}
            data-testid={`ticket-priority-${priority}`}
          >
            {t(`tickets.priority.${priority}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
