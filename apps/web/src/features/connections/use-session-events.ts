import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { connectionsQueryKeys, upsertConnectionInCache } from './connections-api.ts';
import type { ImportProgress } from './session-actions.ts';

// company-{id}-whatsappSession carries the session's status and QR code (02-operations §7).
export const useSessionEvents = () => {
  const queryClient = useQueryClient();
  useCompanyEvent('whatsappSession', (payload) => upsertConnectionInCache(queryClient, payload.session));
};

// importMessages-{companyId}: the latest progress of the running import; a refresh ends it.
export const useImportProgress = () => {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  useCompanyEvent('importMessages', (payload) => {
    if (payload.action === 'update') {
      setProgress(payload.status);
      return;
    }
    setProgress(null);
    void queryClient.invalidateQueries({ queryKey: connectionsQueryKeys.list });
  });
  return progress;
};
