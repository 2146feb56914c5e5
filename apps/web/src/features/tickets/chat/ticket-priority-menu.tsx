import { ticketPriorities, type TicketView } from '@atende/shared/tickets';
import { Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PriorityChip } from '../priority-chip.tsx';
import { useSetTicketPriority } from './use-set-ticket-priority.ts';

// The priorities to choose from (issue 40 point 5), opened by the header's chip or, in a compact
// header, from its menu.
export const PriorityMenu = ({ ticket, anchor, onClose }: { ticket: TicketView; anchor: HTMLElement | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const change = useSetTicketPriority(ticket);
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {[...ticketPriorities].reverse().map((priority) => (
        <MenuItem
          key={priority}
          selected={priority === ticket.priority}
          disabled={change.isPending}
          onClick={() => {
            onClose();
            if (priority !== ticket.priority) change.mutate(priority);
          }}
          data-testid={`ticket-priority-${priority}`}
        >
          {t(`tickets.priority.${priority}`)}
        </MenuItem>
      ))}
    </Menu>
  );
};

// The chat header's priority chip, which opens the menu that changes it.
export const TicketPriorityMenu = ({ ticket }: { ticket: TicketView }) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('tickets.priority.label')}>
        <span>
          <PriorityChip priority={ticket.priority} onClick={(event) => setAnchor(event.currentTarget)} testId="ticket-header-priority" />
        </span>
      </Tooltip>
      <PriorityMenu ticket={ticket} anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
};
