import type { AnnouncementView } from '@atende/shared/announcements';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

// 01-core §2: an announcement opened from the popover: title, optional image, text, Close.
export const AnnouncementDialog = ({ announcement, onClose }: { announcement: AnnouncementView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Dialog open={announcement !== null} onClose={onClose} maxWidth="sm" fullWidth data-testid="announcement-dialog">
      <DialogTitle>{announcement?.title}</DialogTitle>
      <DialogContent>
        {announcement?.mediaPath && (
          <Box component="img" src={announcement.mediaPath} alt={announcement.mediaName ?? ''} sx={{ maxWidth: '100%', mb: 2 }} data-testid="announcement-image" />
        )}
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{announcement?.text}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="announcement-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
