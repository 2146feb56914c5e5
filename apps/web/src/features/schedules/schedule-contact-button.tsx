import { channelCan } from '@atende/shared/channel-capabilities';
import { Schedule } from '@mui/icons-material';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSessionUser } from '../../lib/session/session-context.ts';

// From a contact or a ticket: the schedules calendar with the add dialog open for that contact
// (02-operations §2 /schedules with contactId). Hidden when the plan lacks useSchedules, and for a
// contact whose channel takes no schedules (a web chat visitor, issue 41 point 4).
export const ScheduleContactButton = ({ contactId, channel, size = 'medium' }: { contactId: number; channel: string; size?: 'small' | 'medium' }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allowed = useSessionUser().company.plan.useSchedules && channelCan(channel, 'schedules');
  if (!allowed) return null;
  return (
    <Tooltip title={t('schedules.open')}>
      <IconButton size={size} onClick={() => navigate(`/schedules?contactId=${contactId}`)} aria-label={t('schedules.open')} data-testid="schedule-contact">
        <Schedule fontSize={size === 'small' ? 'small' : 'medium'} />
      </IconButton>
    </Tooltip>
  );
};
