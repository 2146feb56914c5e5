import { zodResolver } from '@hookform/resolvers/zod';
import type { GlobalSettingKey } from '@atende/shared/settings';
import { platformSettingsForm, type PlatformSettingsForm } from '@atende/shared/settings-schemas';
import { Button, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EnabledSwitchField } from '../../components/enabled-switch-field.tsx';
import { setServerFieldErrors, useFieldError } from '../../components/field-errors.ts';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useGlobalSettings, useSaveGlobalSettings } from '../branding/use-global-settings.ts';

const fieldKeys = Object.keys(platformSettingsForm.shape) as Array<keyof PlatformSettingsForm>;

// The super admin's platform settings: the public sign-up switch (userCreation, which the login
// page's link follows) and the trial a sign-up gets (issue 35 point 6); whom companies contact
// about billing (issue 35 point 5).
const PlatformSettingsFields = ({ settings }: { settings: Record<GlobalSettingKey, string> }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSaveGlobalSettings();
  const form = useForm<PlatformSettingsForm>({
    defaultValues: Object.fromEntries(fieldKeys.map((key) => [key, settings[key]])) as PlatformSettingsForm,
    resolver: zodResolver(platformSettingsForm),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    const changes = fieldKeys.filter((key) => values[key] !== settings[key]).map((key) => ({ key, value: values[key] }));
    save.mutate(changes, {
      onSuccess: () => toast.success(t('settings.toasts.updated')),
      onError: (error) => {
        setServerFieldErrors(form.setError, error);
        toastError(error);
      },
    });
  });
  const trialDays = form.register('signupTrialDays');
  const supportContact = form.register('supportContact');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" noValidate onSubmit={submit} data-testid="platform-settings">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {t('settings.platform.title')}
      </Typography>
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <EnabledSwitchField control={form.control} name="userCreation" label={t('settings.platform.userCreation')} testId="platform-userCreation" />
          <Typography variant="caption" color="text.secondary" component="p">
            {t('settings.platform.userCreationHelp')}
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <EnabledSwitchField
            control={form.control}
            name="twoFactorRequiredForAdmins"
            label={t('settings.platform.twoFactorRequiredForAdmins')}
            testId="platform-twoFactorRequiredForAdmins"
          />
          <Typography variant="caption" color="text.secondary" component="p">
            {t('settings.platform.twoFactorRequiredForAdminsHelp')}
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            {...trialDays}
            inputRef={trialDays.ref}
            label={t('settings.platform.signupTrialDays')}
            type="number"
            fullWidth
            size="small"
            error={Boolean(errors.signupTrialDays)}
            helperText={fieldError(errors.signupTrialDays) ?? t('settings.platform.signupTrialDaysHelp')}
            slotProps={{ htmlInput: { min: 0, 'data-testid': 'platform-signupTrialDays' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            {...supportContact}
            inputRef={supportContact.ref}
            label={t('settings.platform.supportContact')}
            fullWidth
            size="small"
            error={Boolean(errors.supportContact)}
            helperText={fieldError(errors.supportContact) ?? t('settings.platform.supportContactHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'platform-supportContact' } }}
          />
        </Grid>
      </Grid>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="platform-save">
          {t('common.save')}
        </Button>
      </Stack>
    </Paper>
  );
};

export const PlatformSettingsPanel = () => {
  const { data: settings } = useGlobalSettings();
  // the form starts from the stored values, so it waits for them
  return settings ? <PlatformSettingsFields settings={settings} /> : null;
};
