// "Last ran" of a rule (issue 40 point 1): when, and the ticket it ran on, which opens its chat.
import type { AutomationRuleView } from '@atende/shared/automation';
import { Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatClock, formatDate } from '../../lib/format.ts';
import { useOpenTicket } from './use-automation-rules.ts';

export const RuleLastRun = ({ rule }: { rule: AutomationRuleView }) => {
  const { t } = useTranslation();
  const openTicket = useOpenTicket();
  if (!rule.lastRunAt) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="rule-last-run">
        {t('automationRules.neverRan')}
      </Typography>
    );
  }
  const when = new Date(rule.lastRunAt);
  const ticketId = rule.lastTicketId;
  return (
    <Typography variant="body2" data-testid="rule-last-run" data-ticket-id={ticketId ?? undefined}>
      {t('automationRules.lastRun', { when: `${formatDate(when)} ${formatClock(when)}` })}
      {ticketId !== null && (
        <>
          {' · '}
          <Link component="button" variant="body2" onClick={() => openTicket.mutate(ticketId)} data-testid="rule-last-ticket">
            {t('automationRules.onTicket', { number: ticketId })}
          </Link>
        </>
      )}
    </Typography>
  );
};
