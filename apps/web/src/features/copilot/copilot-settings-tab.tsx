import { copilotSettingsBody, COPILOT_TONE_MAX_LENGTH, type CopilotSettingsBody, type CopilotSettingsView } from '@atende/shared/copilot';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Chip, FormControlLabel, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useCopilotSettings, useCopilotUsage, useSaveCopilotSettings } from './use-copilot.ts';

// The copilot's section of Settings (issue 42 points 1 and 5): the company's key (written, shown
// only as set or not), the tone, the summary note on transfer, and the month's usage per user.
export const CopilotSettingsTab = () => {
  const settings = useCopilotSettings();
  return (
    <Stack spacing={2} data-testid="copilot-settings">
      {settings.data && <CopilotSettingsForm settings={settings.data} />}
      <CopilotUsageTable />
    </Stack>
  );
};

const CopilotSettingsForm = ({ settings }: { settings: CopilotSettingsView }) => {
  const { t } = useTranslation();
  const save = useSaveCopilotSettings();
  const form = useForm<CopilotSettingsBody, unknown, CopilotSettingsBody>({
    defaultValues: { apiKey: '', tone: settings.tone, transferSummary: settings.transferSummary },
    resolver: zodResolver(copilotSettingsBody),
  });
  const submit = (body: CopilotSettingsBody) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset({ apiKey: '', tone: saved.tone, transferSummary: saved.transferSummary });
        toast.success(t('copilot.saved'));
      },
      onError: (error) => toastError(error),
    });
  const { errors } = form.formState;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <form noValidate onSubmit={form.handleSubmit(submit)} data-testid="copilot-settings-form">
        <Stack spacing={2}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('copilot.title')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2">{t('copilot.apiKey')}:</Typography>
            <Chip size="small" color={settings.apiKeySet ? 'success' : 'default'} label={settings.apiKeySet ? t('copilot.keySet') : t('copilot.keyNotSet')} data-testid="copilot-key-state" />
            {settings.apiKeySet && (
              <Button size="small" color="error" onClick={() => save.mutate({ removeApiKey: true }, { onError: (error) => toastError(error) })} data-testid="copilot-key-remove">
                {t('copilot.removeKey')}
              </Button>
            )}
          </Stack>
          <TextField
            {...form.register('apiKey')}
            type="password"
            autoComplete="off"
            size="small"
            label={settings.apiKeySet ? t('copilot.replaceKey') : t('copilot.apiKey')}
            error={Boolean(errors.apiKey)}
            slotProps={{ htmlInput: { 'data-testid': 'copilot-api-key' } }}
          />
          <TextField
            {...form.register('tone')}
            size="small"
            multiline
            maxRows={4}
            label={t('copilot.tone')}
            helperText={t('copilot.toneHelp')}
            error={Boolean(errors.tone)}
            slotProps={{ htmlInput: { maxLength: COPILOT_TONE_MAX_LENGTH, 'data-testid': 'copilot-tone' } }}
          />
          <Controller
            control={form.control}
            name="transferSummary"
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} data-testid="copilot-transfer-summary" />}
                label={t('copilot.transferSummary')}
              />
            )}
          />
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={save.isPending} data-testid="copilot-settings-save">
              {t('common.save')}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Paper>
  );
};

const thisMonth = () => new Date().toISOString().slice(0, 7);

const CopilotUsageTable = () => {
  const { t } = useTranslation();
  const [month, setMonth] = useState(thisMonth);
  const usage = useCopilotUsage(month);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="copilot-usage">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
          {t('copilot.usageTitle')}
        </Typography>
        <TextField type="month" size="small" value={month} onChange={(event) => event.target.value && setMonth(event.target.value)} slotProps={{ htmlInput: { 'data-testid': 'copilot-usage-month' } }} />
      </Stack>
      {usage.data && (
        <>
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="copilot-usage-total">
            {usage.data.limit === null ? t('copilot.usedNoLimit', { used: usage.data.used }) : t('copilot.usedOfLimit', { used: usage.data.used, limit: usage.data.limit })}
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('copilot.columns.user')}</TableCell>
                <TableCell align="right">{t('copilot.columns.calls')}</TableCell>
                <TableCell align="right">{t('copilot.columns.tokensIn')}</TableCell>
                <TableCell align="right">{t('copilot.columns.tokensOut')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {usage.data.users.map((row) => (
                <TableRow key={row.userId ?? 'background'} data-testid="copilot-usage-row">
                  <TableCell>{row.userId === null ? t('copilot.background') : row.name}</TableCell>
                  <TableCell align="right">{row.calls}</TableCell>
                  <TableCell align="right">{row.tokensIn}</TableCell>
                  <TableCell align="right">{row.tokensOut}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Paper>
  );
};
