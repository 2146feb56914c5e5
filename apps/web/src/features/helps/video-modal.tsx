import { youtubeEmbedUrl, type HelpView } from '@atende/shared/helps';
import { Box, Dialog } from '@mui/material';

// 03-saas §2 Help page: the video plays in a modal that Escape (or a click outside) closes.
export const VideoModal = ({ help, onClose }: { help: HelpView | null; onClose: () => void }) => (
  <Dialog open={help !== null} onClose={onClose} maxWidth="md" fullWidth data-testid="help-video-modal">
    {help && (
      <Box sx={{ position: 'relative', pt: '56.25%' }}>
        <Box
          component="iframe"
          src={`${youtubeEmbedUrl(help.video)}?autoplay=1`}
          title={help.title}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="help-video-frame"
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        />
      </Box>
    )}
  </Dialog>
);
