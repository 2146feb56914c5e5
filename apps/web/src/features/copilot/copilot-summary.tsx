import { lazy, Suspense } from 'react';

const CopilotSummaryDialog = lazy(() => import('./copilot-summary-dialog.tsx').then((module) => ({ default: module.CopilotSummaryDialog })));

// The chat header's summary (issue 42 point 3), opened from the header's menu so a phone's narrow
// header keeps its width for the contact; the dialog's code loads when first opened.
export const CopilotSummary = ({ ticketId, open, onClose }: { ticketId: number; open: boolean; onClose: () => void }) =>
  open ? (
    <Suspense fallback={null}>
      <CopilotSummaryDialog ticketId={ticketId} onClose={onClose} />
    </Suspense>
  ) : null;
