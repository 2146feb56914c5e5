import { Button, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';

// The one tag a website pastes: the widget script from this product's own origin (docs/webchat.md).
export const webchatSnippet = (publicId: string) => `<script src="${window.location.origin}/widget.js" data-connection="${publicId}" async></script>`;

export const WebchatSnippet = ({ publicId }: { publicId: string }) => {
  const { t } = useTranslation();
  const snippet = webchatSnippet(publicId);
  const copy = () => void navigator.clipboard.writeText(snippet).then(() => toast.success(t('connections.webchat.copied')));
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {t('connections.webchat.snippetHint')}
      </Typography>
      <TextField value={snippet} multiline fullWidth slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'webchat-snippet' } }} />
      <Button onClick={copy} sx={{ alignSelf: 'flex-start' }} data-testid="webchat-copy">
        {t('connections.webchat.copy')}
      </Button>
    </Stack>
  );
};
