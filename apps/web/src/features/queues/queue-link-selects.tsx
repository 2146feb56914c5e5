// 02-operations §2 Queue dialog: the integration choice (only when the plan has useIntegrations)
// and the file list choice; the server checks both are the company's.
import { Grid } from '@mui/material';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OptionalRecordSelect } from '../../components/optional-record-select.tsx';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { useFileListChoices } from '../file-lists/use-file-lists.ts';
import { useIntegrationChoices } from '../queue-integration/use-integration-choices.ts';
import type { QueueFormValues } from './queue-form-values.ts';

export const QueueLinkSelects = ({ control }: { control: Control<QueueFormValues> }) => {
  const { t } = useTranslation();
  const withIntegrations = useSessionUser().company.plan.useIntegrations;
  const fileLists = useFileListChoices();
  const integrations = useIntegrationChoices(withIntegrations);
  return (
    <>
      {withIntegrations && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <OptionalRecordSelect
            control={control}
            name="integrationId"
            label={t('queues.fields.integration')}
            noneLabel={t('queues.fields.noIntegration')}
            records={integrations.data ?? []}
            testId="queue-integration"
          />
        </Grid>
      )}
      <Grid size={{ xs: 12, sm: 6 }}>
        <OptionalRecordSelect
          control={control}
          name="fileListId"
          label={t('queues.fields.fileList')}
          noneLabel={t('queues.fields.noFileList')}
          records={fileLists.data ?? []}
          testId="queue-file-list"
        />
      </Grid>
    </>
  );
};
