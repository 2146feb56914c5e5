import type { TicketPriority } from '@atende/shared/tickets';
import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

// issue 40 point 5: the colour grows with the urgency; 'none' is plain
const priorityColor: Record<TicketPriority, ChipProps['color']> = {
  none: 'default',
  low: 'info',
  medium: 'primary',
  high: 'warning',
  urgent: 'error',
};

type PriorityChipProps = { priority: TicketPriority; onClick?: ChipProps['onClick']; testId: string };

export const PriorityChip = ({ priority, onClick, testId }: PriorityChipProps) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={priorityColor[priority]}
      variant={priority === 'none' ? 'outlined' : 'filled'}
      label={t(`tickets.priority.${priority}`)}
      onClick={onClick}
      data-testid={testId}
      data-priority={priority}
      sx={{ height: 18, fontSize: 11 }}
    />
  );
};
