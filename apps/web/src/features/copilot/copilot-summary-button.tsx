import { Summarize } from '@mui/icons-material';
import { IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopilotAllowed } from './use-copilot.ts';

const CopilotSummaryDialog = lazy(() => import('./copilot-summary-dialog.tsx').then((module) => ({ default: module.CopilotSummaryDialog })));

// The chat header's summary button (issue 42 point 3); shown when the plan has AI.
export const CopilotSummaryButton = ({ ticketId }: { ticketId: number }) => {
  const { t } = useTranslation();
  const allowed = useCopilotAllowed();
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Tooltip title={t('copilot.summary')}>
        <IconButton size="small" onClick={() => setOpen(true)} aria-label={t('copilot.summary')} data-testid="copilot-summary">
          <Summarize fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <CopilotSummaryDialog ticketId={ticketId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
};
