import { zodResolver } from '@hookform/resolvers/zod';
import { brandingFallbacks, type GlobalSettingKey } from '@atende/shared/settings';
import { whitelabelForm, type WhitelabelForm } from '@atende/shared/settings-schemas';
import { Box, Button, CircularProgress, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerFieldErrors, useFieldError } from '../../components/field-errors.ts';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { BrandingImageField } from './branding-image-field.tsx';
import type { BrandingImageTarget } from './use-upload-branding-image.ts';
import { useGlobalSettings, useSaveGlobalSettings } from './use-global-settings.ts';

const images: BrandingImageTarget[] = [
  { key: 'appLogoLight', typeArch: 'logo', mode: 'Light' },
  { key: 'appLogoDark', typeArch: 'logo', mode: 'Dark' },
  { key: 'appLogoFavicon', typeArch: 'logo', mode: 'Favicon' },
  { key: 'loginEnterImage', typeArch: 'login', mode: 'Enter' },
  { key: 'loginRegisterImage', typeArch: 'login', mode: 'Register' },
];

const colorKeys = ['primaryColorLight', 'primaryColorDark'] as const;

const WhitelabelTextForm = ({ settings }: { settings: Record<GlobalSettingKey, string> }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSaveGlobalSettings();
  const form = useForm<WhitelabelForm>({
    defaultValues: {
      appName: settings.appName,
      primaryColorLight: settings.primaryColorLight || brandingFallbacks.primaryColorLight,
      primaryColorDark: settings.primaryColorDark || brandingFallbacks.primaryColorDark,
    },
    resolver: zodResolver(whitelabelForm),
  });
  const { errors } = form.formState;
  const field = (name: keyof WhitelabelForm) => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), slotProps: { htmlInput: { 'data-testid': `whitelabel-${name}` } } };
  };
  const submit = form.handleSubmit((values) => {
    const changes = (Object.keys(values) as Array<keyof WhitelabelForm>)
      .filter((key) => values[key] !== settings[key])
      .map((key) => ({ key, value: values[key] }));
    save.mutate(changes, {
      onSuccess: () => toast.success(t('settings.toasts.updated')),
      onError: (error) => {
        setServerFieldErrors(form.setError, error);
        toastError(error);
      },
    });
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" noValidate onSubmit={submit} data-testid="whitelabel-form">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField {...field('appName')} label={t('whitelabel.fields.appName')} placeholder={brandingFallbacks.appName} fullWidth size="small" />
        </Grid>
        {colorKeys.map((key) => (
          <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField {...field(key)} label={t(`whitelabel.fields.${key}`)} fullWidth size="small" />
              <Box
                component="input"
                type="color"
                aria-label={t(`whitelabel.fields.${key}`)}
                value={/^#[0-9a-fA-F]{6}$/.test(form.watch(key)) ? form.watch(key) : '#000000'}
                onChange={(event) => form.setValue(key, event.target.value, { shouldDirty: true, shouldValidate: true })}
                sx={{ width: 48, height: 40, p: 0, border: 'none', bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </Stack>
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="whitelabel-save">
          {t('common.save')}
        </Button>
      </Stack>
    </Paper>
  );
};

// 03-saas §2 Whitelabel tab (super): colours for light and dark, app name and the images.
export const WhitelabelTab = () => {
  const { t } = useTranslation();
  const { data: settings } = useGlobalSettings();
  if (!settings) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress />
      </Box>
    );
  }
  return (
    <Stack spacing={2} data-testid="whitelabel-tab">
      <WhitelabelTextForm settings={settings} />
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('whitelabel.imagesTitle')}
      </Typography>
      <Grid container spacing={2}>
        {images.map((target) => (
          <Grid key={target.key} size={{ xs: 12, sm: 6, md: 4 }}>
            <BrandingImageField target={target} value={settings[target.key]} />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
};
