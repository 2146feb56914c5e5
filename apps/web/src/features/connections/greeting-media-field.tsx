import type { ConnectionView } from '@atende/shared/connections';
import { AttachFile, Delete } from '@mui/icons-material';
import { Alert, Button, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeGreetingMedia } from './use-session-commands.ts';

const fileNameOf = (url: string) => decodeURIComponent(url.split('/').pop() ?? url);

// 02-operations §5: the greeting attachment is an image or a video, stored on a saved connection.
export const GreetingMediaField = ({ connection }: { connection: ConnectionView | null }) => {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const change = useChangeGreetingMedia(connection);

  if (!connection) {
    return (
      <Alert severity="info" data-testid="greeting-media-save-first">
        {t('connections.greetingMedia.saveFirst')}
      </Alert>
    );
  }
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) change.mutate(file);
  };
  const current = connection.greetingMediaAttachment;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <input ref={inputRef} type="file" accept="image/*,video/*" hidden onChange={pick} data-testid="greeting-media-input" />
      <Button variant="outlined" size="small" startIcon={<AttachFile />} disabled={change.isPending} onClick={() => inputRef.current?.click()} data-testid="greeting-media-upload">
        {current ? t('connections.greetingMedia.replace') : t('connections.greetingMedia.upload')}
      </Button>
      {current ? (
        <>
          <Link href={current} target="_blank" rel="noreferrer" variant="body2" noWrap data-testid="greeting-media-current">
            {fileNameOf(current)}
          </Link>
          <Tooltip title={t('connections.greetingMedia.remove')}>
            <IconButton size="small" disabled={change.isPending} onClick={() => change.mutate(null)} aria-label={t('connections.greetingMedia.remove')} data-testid="greeting-media-remove">
              <Delete fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('connections.greetingMedia.none')}
        </Typography>
      )}
    </Stack>
  );
};
