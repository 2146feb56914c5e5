import { emailConnectionBody } from '@atende/shared/email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toast } from '../../lib/toast.ts';
import { upsertConnectionInCache } from './connections-api.ts';
import { sessionApi } from './session-api.ts';

export type EmailConnectionValues = z.input<typeof emailConnectionBody>;

// The server logs in to the company's SMTP server before it answers; the answer's number is the
// forwarding address, which the dialog then shows.
export const useConnectEmail = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    // the form's port is text; the shared schema makes it the number the server takes
    mutationFn: (values: EmailConnectionValues) => sessionApi.connectEmail(emailConnectionBody.parse(values)),
    onSuccess: (connection) => {
      upsertConnectionInCache(queryClient, connection);
      toast.success(t('connections.toasts.saved'));
    },
  });
};
