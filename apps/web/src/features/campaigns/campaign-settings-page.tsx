import { zodResolver } from '@hookform/resolvers/zod';
import { campaignSettingsValues, greaterIntervalOptions, longerIntervalAfterOptions, messageIntervalOptions, type CampaignSettingsValues } from '@atende/shared/campaigns';
import { Add, Delete } from '@mui/icons-material';
import { Box, Button, FormControlLabel, Grid, IconButton, MenuItem, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { RequirePlanFlag } from '../../lib/session/require-plan-flag.tsx';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { toCampaignSettingsValues } from './campaign-settings-values.ts';
import { useCampaignSettings, useSaveCampaignSettings } from './use-campaigns.ts';

const SettingsForm = ({ initial }: { initial: CampaignSettingsValues }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<z.input<typeof campaignSettingsValues>, unknown, CampaignSettingsValues>({ defaultValues: initial, resolver: zodResolver(campaignSettingsValues) });
  const variables = useFieldArray({ control: form.control, name: 'variables' });
  const { errors } = form.formState;
  const save = useSaveCampaignSettings();
  const options = (name: 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval', values: readonly number[], unit: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField select fullWidth size="small" label={t(`campaigns.settings.${name}`)} value={field.value} onChange={(event) => field.onChange(Number(event.target.value))} data-testid={`campaign-settings-${name}`}>
          {values.map((value) => (
            <MenuItem key={value} value={value}>
              {value === 0 ? t('campaigns.settings.none') : t(unit, { count: value })}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  const weekend = (name: 'sabado' | 'domingo') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => <FormControlLabel control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label={t(`campaigns.settings.${name}`)} />}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values, { onError: showSaveError(form.setError) }))} data-testid="campaign-settings-form">
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" sx={{ mb: 2 }}>
            {t('campaigns.settings.intervals')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>{options('messageInterval', messageIntervalOptions, 'campaigns.settings.seconds')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{options('longerIntervalAfter', longerIntervalAfterOptions, 'campaigns.settings.messages')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{options('greaterInterval', greaterIntervalOptions, 'campaigns.settings.seconds')}</Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <TextField {...form.register('startHour')} type="time" fullWidth size="small" label={t('campaigns.settings.startHour')} error={Boolean(errors.startHour)} helperText={fieldError(errors.startHour)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'campaign-settings-startHour' } }} />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <TextField {...form.register('endHour')} type="time" fullWidth size="small" label={t('campaigns.settings.endHour')} error={Boolean(errors.endHour)} helperText={fieldError(errors.endHour)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'campaign-settings-endHour' } }} />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>{weekend('sabado')}</Grid>
            <Grid size={{ xs: 6, sm: 3 }}>{weekend('domingo')}</Grid>
          </Grid>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
            <Typography variant="subtitle1" sx={{ flexGrow: 1 }}>
              {t('campaigns.settings.variables')}
            </Typography>
            <Button size="small" startIcon={<Add />} onClick={() => variables.append({ key: '', value: '' })} data-testid="campaign-settings-add-variable">
              {t('campaigns.settings.addVariable')}
            </Button>
          </Stack>
          <Stack spacing={1}>
            {variables.fields.map((field, index) => (
              <Stack direction="row" spacing={1} key={field.id}>
                <TextField {...form.register(`variables.${index}.key`)} size="small" label={t('campaigns.settings.variableKey')} error={Boolean(errors.variables?.[index]?.key)} helperText={fieldError(errors.variables?.[index]?.key)} slotProps={{ htmlInput: { 'data-testid': 'campaign-settings-variable-key' } }} />
                <TextField {...form.register(`variables.${index}.value`)} size="small" fullWidth label={t('campaigns.settings.variableValue')} slotProps={{ htmlInput: { 'data-testid': 'campaign-settings-variable-value' } }} />
                <IconButton aria-label={t('common.delete')} onClick={() => variables.remove(index)}>
                  <Delete fontSize="small" />
                </IconButton>
              </Stack>
            ))}
          </Stack>
        </Paper>
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="campaign-settings-save">
            {t('common.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
};

const Settings = () => {
  const { t } = useTranslation();
  const { data } = useCampaignSettings();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('campaigns.settings.title')}
      </Typography>
      {data ? <SettingsForm initial={toCampaignSettingsValues(data)} /> : <LoadingScreen testId="campaign-settings-loading" />}
    </Stack>
  );
};

// 02-operations §2 /campaigns-config.
export const CampaignSettingsPage = () => {
  const { t } = useTranslation();
  return (
    <RequirePlanFlag flag="useCampaigns" message={t('campaigns.noPermission')}>
      <Settings />
    </RequirePlanFlag>
  );
};
