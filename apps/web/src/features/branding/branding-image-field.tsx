import { brandingFileUrl } from '@atende/shared/settings';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveGlobalSettings } from './use-global-settings.ts';
import { useUploadBrandingImage, type BrandingImageTarget } from './use-upload-branding-image.ts';

// One whitelabel image: its preview, an upload (sent with its kind and mode, 03-saas §2) and a
// way back to the default. Upload errors are only logged (03-saas §8).
export const BrandingImageField = ({ target, value }: { target: BrandingImageTarget; value: string }) => {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const reset = useSaveGlobalSettings();
  const upload = useUploadBrandingImage(target);
  const url = brandingFileUrl(value);
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={`whitelabel-${target.key}`}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle2">{t(`whitelabel.images.${target.key}`)}</Typography>
        <Box sx={{ height: 96, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1 }}>
          {url ? (
            <Box component="img" src={url} alt={t(`whitelabel.images.${target.key}`)} sx={{ maxHeight: 88, maxWidth: '100%', objectFit: 'contain' }} data-testid={`whitelabel-${target.key}-preview`} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('whitelabel.defaultImage')}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" size="small" onClick={() => input.current?.click()} disabled={upload.isPending}>
            {t('whitelabel.upload')}
          </Button>
          <Button size="small" color="inherit" onClick={() => reset.mutate([{ key: target.key, value: '' }])} disabled={!value || reset.isPending}>
            {t('whitelabel.useDefault')}
          </Button>
        </Stack>
        <input
          ref={input}
          type="file"
          hidden
          accept="image/png,image/jpeg,image/webp,image/gif"
          data-testid={`whitelabel-${target.key}-input`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.mutate(file);
          }}
        />
      </Stack>
    </Paper>
  );
};
