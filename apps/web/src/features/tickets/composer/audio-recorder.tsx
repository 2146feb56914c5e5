import type { TicketView } from '@atende/shared/tickets';
import { Check, Close, FiberManualRecord, Mic } from '@mui/icons-material';
import { CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { useAudioRecorder } from './use-audio-recorder.ts';
import type { SendOptions } from './use-send-message.ts';
import { useSendRecording } from './use-send-recording.ts';

const Elapsed = () => {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSeconds((value) => value + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return <>{`${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`}</>;
};

type AudioRecorderProps = { ticket: TicketView; disabled: boolean; options: SendOptions };

// 01-core §4 Messages: record, then send or cancel; a recording under the minimum size is dropped.
export const AudioRecorder = ({ ticket, disabled, options }: AudioRecorderProps) => {
  const { t } = useTranslation();
  const recorder = useAudioRecorder();
  const start = async () => {
    try {
      await recorder.start();
    } catch {
      toast.error(t('tickets.audio.unavailable'));
    }
  };

  const send = useSendRecording(ticket, recorder, options);

  if (send.isPending) return <CircularProgress size={24} sx={{ m: 1 }} data-testid="audio-record-sending" />;
  if (!recorder.recording) {
    return (
      <Tooltip title={t('tickets.audio.record')}>
        <span>
          <IconButton disabled={disabled} onClick={() => void start()} aria-label={t('tickets.audio.record')} data-testid="audio-record-start">
            <Mic />
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }} data-testid="audio-recording">
      <IconButton color="error" onClick={() => void recorder.cancel()} aria-label={t('tickets.audio.cancel')} data-testid="audio-record-cancel">
        <Close />
      </IconButton>
      <FiberManualRecord color="error" sx={{ fontSize: 14, mr: 0.5 }} />
      <Typography variant="body2" aria-label={t('tickets.audio.recording')}>
        <Elapsed />
      </Typography>
      <IconButton color="success" onClick={() => send.mutate()} aria-label={t('tickets.audio.send')} data-testid="audio-record-send">
        <Check />
      </IconButton>
    </Stack>
  );
};
