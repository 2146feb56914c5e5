import { youtubeThumbnailUrl, type HelpView } from '@atende/shared/helps';
import { Card, CardActionArea, CardContent, CardMedia, Grid, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStatus } from '../../components/list-status.tsx';
import { useHelpsList } from './helps-api.ts';
import { VideoModal } from './video-modal.tsx';

// 03-saas §2 Help page: video cards; a card opens its video in a modal.
export const HelpsPage = () => {
  const { t } = useTranslation();
  const { data: helps = [], isPending } = useHelpsList();
  const [playing, setPlaying] = useState<HelpView | null>(null);
  return (
    <Stack spacing={2} data-testid="helps-page">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('helps.title')}
      </Typography>
      <Grid container spacing={2}>
        {helps.map((help) => (
          <Grid key={help.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea onClick={() => setPlaying(help)} sx={{ height: '100%' }} data-testid="help-card">
                <CardMedia component="img" image={youtubeThumbnailUrl(help.video)} alt={help.title} sx={{ aspectRatio: '16 / 9', bgcolor: 'action.hover' }} />
                <CardContent>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                    {help.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                    {help.description}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
      <ListStatus loading={isPending} empty={helps.length === 0} emptyText={t('helps.empty')} />
      <VideoModal help={playing} onClose={() => setPlaying(null)} />
    </Stack>
  );
};
