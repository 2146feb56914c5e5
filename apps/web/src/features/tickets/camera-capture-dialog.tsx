import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';

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

type CameraCaptureDialogProps = { onClose: () => void; onSend: (photo: File, caption: string) => Promise<void> };

// 01-core §2 camera capture: live camera, take a photo, preview it, send it with a caption.
export const CameraCaptureDialog = ({ onClose, onSend }: CameraCaptureDialogProps) => {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);
  const [caption, setCaption] = useState('');
  const [sending, setSending] = useState(false);

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

  const send = async () => {
    if (!photo) return;
    setSending(true);
    try {
      await onSend(photo.file, caption.trim());
      onClose();
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="camera-dialog">
      <DialogTitle>{t('tickets.camera.title')}</DialogTitle>
      <DialogContent>
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
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>{t('common.cancel')}</Button>
        {photo ? (
          <>
            <Button onClick={() => setPhoto(null)} disabled={sending} data-testid="camera-retake">{t('tickets.camera.retake')}</Button>
            <Button variant="contained" onClick={() => void send()} disabled={sending} data-testid="camera-send">{t('tickets.input.send')}</Button>
          </>
        ) : (
          <Button variant="contained" onClick={() => void capture()} disabled={!ready} data-testid="camera-capture">{t('tickets.camera.capture')}</Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
