import type { ConnectionView } from '@atende/shared/connections';
import { MenuItem, TextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserFormValues } from './user-form-values.ts';

export const ConnectionSelect = ({ connections }: { connections: ConnectionView[] }) => {
  const { t } = useTranslation();
  const { control } = useFormContext<UserFormValues>();
  return (
    <Controller
      control={control}
      name="whatsappId"
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={t('users.fields.whatsapp')}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
          onBlur={field.onBlur}
          data-testid="user-whatsapp"
        >
          <MenuItem value="">
            <em>{t('users.fields.noConnection')}</em>
          </MenuItem>
          {connections.map((connection) => (
            <MenuItem key={connection.id} value={connection.id}>
              {connection.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
};
