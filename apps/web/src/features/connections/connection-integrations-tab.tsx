import { planAllows } from '@atende/shared/permissions';
import { Alert, Grid, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { promptsApi, promptsQueryKeys } from '../prompts/prompts-api.ts';
import { useIntegrationChoices } from '../queue-integration/use-integration-choices.ts';
import type { ConnectionFormValues } from './connection-form-values.ts';

type Choice = { id: number; name: string };

// 02-operations §2: the AI prompt (plan flag useOpenAi) and the queue integration (useIntegrations)
// that answer the connection's new conversations; each selector shows only with its flag.
export const ConnectionIntegrationsTab = ({ form }: { form: UseFormReturn<ConnectionFormValues> }) => {
  const { t } = useTranslation();
  const plan = useSessionUser().company.plan;
  const withPrompts = planAllows(plan, 'useOpenAi');
  const withIntegrations = planAllows(plan, 'useIntegrations');
  const prompts = useQuery({ queryKey: promptsQueryKeys.list, queryFn: promptsApi.list, enabled: withPrompts }).data?.prompts ?? [];
  const integrations = useIntegrationChoices(withIntegrations).data ?? [];

  const selector = (name: 'promptId' | 'integrationId', choices: Choice[], testId: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={t(`connections.fields.${name}`)}
          value={field.value}
          onChange={(event) => field.onChange(event.target.value === '' ? '' : Number(event.target.value))}
          data-testid={testId}
        >
          <MenuItem value="">
            <em>{t('connections.fields.noChoice')}</em>
          </MenuItem>
          {choices.map((choice) => (
            <MenuItem key={choice.id} value={choice.id} data-testid={`${testId}-option-${choice.id}`}>
              {choice.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Grid container spacing={2}>
      {!withPrompts && !withIntegrations && (
        <Grid size={12}>
          <Alert severity="info" data-testid="connection-integrations-off">
            {t('connections.integrationsOff')}
          </Alert>
        </Grid>
      )}
      {withPrompts && <Grid size={12}>{selector('promptId', prompts, 'connection-prompt')}</Grid>}
      {withIntegrations && <Grid size={12}>{selector('integrationId', integrations, 'connection-integration')}</Grid>}
    </Grid>
  );
};
