import { settingsEndpoints } from '@atende/shared/settings-schemas';
import { brandingFileUrl, type BrandingImageKey } from '@atende/shared/settings';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { sendFormToEndpoint } from '../../lib/endpoint-client.ts';
import { useSaveGlobalSettings, useStoreGlobalSetting } from './use-global-settings.ts';

export type BrandingImageTarget = { key: BrandingImageKey; typeArch: 'logo' | 'login'; mode: string };

const uploadEndpoint = { logo: settingsEndpoints.uploadWhitelabelLogo, login: settingsEndpoints.uploadWhitelabelLoginImage };

// One whitelabel image: its preview, an upload (sent with its kind and mode, 03-saas §2) and a
// way back to the default. Upload errors are only logged (03-saas §8).
export const BrandingImageField = ({ target, value }: { target: BrandingImageTarget; value: string }) => {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const store = useStoreGlobalSetting();
  const reset = useSaveGlobalSettings();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('typeArch', target.typeArch);
      form.append('mode', target.mode);
      form.append('file', file);
      return sendFormToEndpoint(uploadEndpoint[target.typeArch], form);
    },
    onSuccess: (name) => store({ key: target.key, value: name }),
    onError: (error) => console.error('whitelabel upload failed', error),
  });
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
