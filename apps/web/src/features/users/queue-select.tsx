import type { QueueSummary } from '@atende/shared/users';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QueueMultiSelect } from '../../components/queue-multi-select.tsx';
import type { UserFormValues } from './user-form-values.ts';

export const QueueSelect = ({ queues }: { queues: QueueSummary[] }) => {
  const { t } = useTranslation();
  const { control } = useFormContext<UserFormValues>();
  return (
    <Controller
      control={control}
      name="queueIds"
      render={({ field }) => (
        <QueueMultiSelect
          queues={queues}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          label={t('users.fields.queues')}
          testId="user-queues"
        />
      )}
    />
  );
};
