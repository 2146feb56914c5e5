import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { WebchatSnippet } from './webchat-snippet.tsx';

// The snippet of a web chat connection made before, from its row on the connections screen.
export const WebchatSnippetDialog = ({ publicId, onClose }: { publicId: string | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Dialog open={publicId !== null} onClose={onClose} maxWidth="sm" fullWidth data-testid="webchat-snippet-dialog">
      <DialogTitle>{t('connections.webchat.snippetTitle')}</DialogTitle>
      <DialogContent>{publicId && <WebchatSnippet publicId={publicId} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="webchat-done">
          {t('connections.webchat.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
