import { permissionFlags } from '@atende/shared/permissions';
import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserFormValues } from './user-form-values.ts';

export const UserPermissionsTab = () => {
  const { t } = useTranslation();
  const { control } = useFormContext<UserFormValues>();
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {t('users.permissions.hint')}
      </Typography>
      {permissionFlags.map((flag) => (
        <Controller
          key={flag}
          control={control}
          name={flag}
          render={({ field }) => (
            <FormControlLabel
              data-testid={`user-perm-${flag}`}
              control={
                <Switch
                  checked={field.value === 'enabled'}
                  onChange={(event) => field.onChange(event.target.checked ? 'enabled' : 'disabled')}
                  onBlur={field.onBlur}
                />
              }
              label={t(`users.permissions.${flag}`)}
            />
          )}
        />
      ))}
    </Stack>
  );
};
