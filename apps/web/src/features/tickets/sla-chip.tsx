import type { TicketSlaView } from '@atende/shared/sla-view';
import { Chip, Tooltip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../lib/format.ts';
import { useMinuteClock } from '../../lib/use-minute-clock.ts';
import { slaChipState, type SlaTone } from './sla-chip-state.ts';

const toneColor: Record<SlaTone, ChipProps['color']> = { onTime: 'success', warning: 'warning', overdue: 'error' };

const MINUTES_IN_HOUR = 60;
const MINUTES_IN_TWO_DAYS = 48 * 60;

// "12 min", "2 h", "3 d" in the reader's language; hours and days round down, as the chip
// would rather say too little time is left than too much
const formatMinutes = (minutes: number, language: string) => {
  const [value, unit] =
    minutes < MINUTES_IN_HOUR
      ? [minutes, 'minute']
      : minutes < MINUTES_IN_TWO_DAYS
        ? [Math.floor(minutes / MINUTES_IN_HOUR), 'hour']
        : [Math.floor(minutes / (24 * MINUTES_IN_HOUR)), 'day'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
};

// issue 40 point 3: the time an open ticket has left before its nearest SLA target, amber when
// little is left and red once overdue (sla-chip-state.ts); renewed each minute.
export const SlaChip = ({ sla, testId }: { sla: TicketSlaView; testId: string }) => {
  const { t, i18n } = useTranslation();
  const now = useMinuteClock();
  const { tone, minutes } = slaChipState(sla, now);
  const time = formatMinutes(minutes, i18n.language);
  return (
    <Tooltip title={t('sla.chip.due', { target: t(`sla.kinds.${sla.kind}`), time: formatClock(new Date(sla.dueAt)) })}>
      <Chip
        size="small"
        color={toneColor[tone]}
        variant={tone === 'onTime' ? 'outlined' : 'filled'}
        label={tone === 'overdue' ? t('sla.chip.overdue', { time }) : time}
        data-testid={testId}
        data-tone={tone}
        sx={{ height: 18, fontSize: 11, flexShrink: 0 }}
      />
    </Tooltip>
  );
};
