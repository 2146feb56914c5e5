// 02-operations §2 Queue dialog: the integration choice (only when the plan has useIntegrations)
// and the file list choice; the server checks both are the company's.
import { Grid } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OptionalRecordSelect } from '../../components/optional-record-select.tsx';
import { useFieldError } from '../../components/field-errors.ts';
import { useSessionUser } from '../auth/session-context.ts';
import { useFileListChoices } from '../file-lists/use-file-lists.ts';
import { queueIntegrationApi, queueIntegrationQueryKeys } from '../queue-integration/queue-integration-api.ts';
import type { QueueFormValues } from './queue-form-values.ts';

export const QueueLinkSelects = ({ control }: { control: Control<QueueFormValues> }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const withIntegrations = useSessionUser().company.plan.useIntegrations;
  const fileLists = useFileListChoices();
  const integrations = useQuery({ queryKey: queueIntegrationQueryKeys.choices, queryFn: queueIntegrationApi.all, enabled: withIntegrations });
  return (
    <>
      {withIntegrations && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="integrationId"
            render={({ field, fieldState }) => (
              <OptionalRecordSelect
                label={t('queues.fields.integration')}
                noneLabel={t('queues.fields.noIntegration')}
                value={field.value}
                records={integrations.data ?? []}
                onChange={field.onChange}
                error={fieldError(fieldState.error)}
                testId="queue-integration"
              />
            )}
          />
        </Grid>
      )}
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={control}
          name="fileListId"
          render={({ field, fieldState }) => (
            <OptionalRecordSelect
              label={t('queues.fields.fileList')}
              noneLabel={t('queues.fields.noFileList')}
              value={field.value}
              records={fileLists.data ?? []}
              onChange={field.onChange}
              error={fieldError(fieldState.error)}
              testId="queue-file-list"
            />
          )}
        />
      </Grid>
    </>
  );
};
