import type { TicketView } from '@atende/shared/tickets';
import { Alert, Box, Button, CircularProgress, TextField } from '@mui/material';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SendDialog } from '../../../components/send-dialog.tsx';
import { toastError } from '../../../lib/error-message.ts';
import { useSendPhoto, type SendOptions } from './use-send-message.ts';

const PHOTO_TYPE = 'image/jpeg';
const PHOTO_QUALITY = 0.92;

const snapshot = (video: HTMLVideoElement) =>
  new Promise<File>((resolve, reject) => {
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    canvas.toBlob(
      (blob) => (blob ? resolve(new File([blob], `camera-${Date.now()}.jpg`, { type: PHOTO_TYPE })) : reject(new Error('camera snapshot failed'))),
      PHOTO_TYPE,
      PHOTO_QUALITY,
    );
  });

type CameraCaptureDialogProps = { ticket: TicketView; options: SendOptions; onClose: () => void };

// 01-core §2 camera capture: live camera, take a photo, preview it, send it with a caption.
export const CameraCaptureDialog = ({ ticket, options, onClose }: CameraCaptureDialogProps) => {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);
  const [caption, setCaption] = useState('');
  const send = useSendPhoto(ticket);

  useEffect(() => {
    let opened: MediaStream | null = null;
    let closed = false;
    navigator.mediaDevices
      .getUserMedia({ video: true })
      .then((camera) => {
        opened = camera;
        if (closed) camera.getTracks().forEach((track) => track.stop());
        else setStream(camera);
      })
      .catch(() => setFailed(true));
    return () => {
      closed = true;
      opened?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  // the video element appears with the dialog, which may be after the camera opened
  const attachVideo = useCallback(
    (node: HTMLVideoElement | null) => {
      video.current = node;
      if (node && stream && node.srcObject !== stream) node.srcObject = stream;
    },
    [stream],
  );

  useEffect(() => () => {
    if (photo) URL.revokeObjectURL(photo.url);
  }, [photo]);

  const capture = async () => {
    if (!video.current) return;
    const file = await snapshot(video.current);
    setPhoto({ file, url: URL.createObjectURL(file) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (photo) send.mutate({ photo: photo.file, caption: caption.trim(), options }, { onSuccess: () => onClose(), onError: (error) => toastError(error) });
  };

  return (
    <SendDialog
      title={t('tickets.camera.title')}
      testId="camera-dialog"
      maxWidth="sm"
      submitLabel={t('tickets.input.send')}
      submitTestId="camera-send"
      busy={send.isPending}
      canSubmit={Boolean(photo)}
      onClose={onClose}
      onSubmit={submit}
      actions={
        photo ? (
          <Button onClick={() => setPhoto(null)} disabled={send.isPending} data-testid="camera-retake">{t('tickets.camera.retake')}</Button>
        ) : (
          <Button variant="contained" onClick={() => void capture()} disabled={!ready} data-testid="camera-capture">{t('tickets.camera.capture')}</Button>
        )
      }
    >
      {failed ? (
        <Alert severity="error" data-testid="camera-unavailable">{t('tickets.camera.unavailable')}</Alert>
      ) : (
        <Box sx={{ position: 'relative', bgcolor: 'common.black', borderRadius: 1, overflow: 'hidden', minHeight: 200, display: 'grid', placeItems: 'center' }}>
          <Box
            component="video"
            ref={attachVideo}
            autoPlay
            playsInline
            muted
            onLoadedData={() => setReady(true)}
            sx={{ width: '100%', display: photo ? 'none' : 'block' }}
            data-testid="camera-video"
          />
          {photo && <Box component="img" src={photo.url} alt="" sx={{ width: '100%', display: 'block' }} data-testid="camera-preview" />}
          {!ready && !photo && <CircularProgress sx={{ position: 'absolute' }} />}
        </Box>
      )}
      {photo && (
        <TextField
          fullWidth
          size="small"
          sx={{ mt: 2 }}
          label={t('tickets.input.caption')}
          value={caption}
          onChange={(event) => setCaption(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'camera-caption' } }}
        />
      )}
    </SendDialog>
  );
};
