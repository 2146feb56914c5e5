import type { TicketView } from '@atende/shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { isTooShort, recordingFile } from './recording-file.ts';
import { useMediaSender, type SendOptions } from './use-send-message.ts';

type FinishedRecording = { finish: () => Promise<Blob | null> };

// 01-core §4 Messages: the finished recording goes out as the channel's audio file; a recording
// under the minimum size is dropped with a warning.
export const useSendRecording = (ticket: TicketView, recorder: FinishedRecording, options: SendOptions) => {
  const { t } = useTranslation();
  const sendMedia = useMediaSender(ticket);
  return useMutation({
    mutationFn: async () => {
      const recording = await recorder.finish();
      if (!recording) return;
      const file = await recordingFile(recording, ticket.channel, new Date());
      if (isTooShort(file.size)) {
        toast.warning(t('tickets.audio.tooShort'));
        return;
      }
      await sendMedia([file], '', options);
    },
    onError: (error) => toastError(error),
  });
};
