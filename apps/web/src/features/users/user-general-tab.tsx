import type { UserView } from '@atende/shared/users';
import { Box, Grid, TextField } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field.tsx';
import { SelectField } from './select-field.tsx';
import { UserAvatarUpload } from './user-avatar-upload.tsx';
import type { UserFormAccess, UserFormValues } from './user-form-values.ts';
import { useConnectionOptions } from '../connections/use-connections.ts';
import { useQueueOptions } from '../queues/use-queues.ts';
import { useFieldError } from '../../components/field-errors.ts';
import { OptionalRecordSelect } from '../../components/optional-record-select.tsx';
import { QueueMultiSelectField } from '../../components/queue-multi-select-field.tsx';

// 01-core §9: work hours pick in 10-minute steps
const TIME_STEP_SECONDS = 600;

// withPassword false: an invitation, where the invited user chooses the password
type UserGeneralTabProps = { user: UserView | null; access: UserFormAccess; withPassword: boolean };

export const UserGeneralTab = ({ user, access, withPassword }: UserGeneralTabProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { register, watch, control, formState } = useFormContext<UserFormValues>();
  const { errors } = formState;
  const queues = useQueueOptions(access.editQueues);
  const connections = useConnectionOptions(access.editQueues);
  const text = (name: 'name' | 'email' | 'farewellMessage' | 'startWork' | 'endWork' | 'capacity') => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]) };
  };
  const { ref: passwordRef, ...password } = register('password');

  return (
    <Grid container spacing={2}>
      {user && (
        <Grid size={12}>
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
            <UserAvatarUpload user={user} name={watch('name')} />
          </Box>
        </Grid>
      )}
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...text('name')} label={t('users.fields.name')} fullWidth autoFocus slotProps={{ htmlInput: { 'data-testid': 'user-name' } }} />
      </Grid>
      {withPassword && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <PasswordField
            {...password}
            ref={passwordRef}
            testId="user-password"
            label={t('users.fields.password')}
            fullWidth
            autoComplete="new-password"
            error={Boolean(errors.password)}
            helperText={fieldError(errors.password) ?? (user ? t('users.fields.passwordKeep') : undefined)}
          />
        </Grid>
      )}
      <Grid size={{ xs: 12, sm: access.editProfile ? 8 : 12 }}>
        <TextField {...text('email')} label={t('users.fields.email')} type="email" fullWidth slotProps={{ htmlInput: { 'data-testid': 'user-email' } }} />
      </Grid>
      {access.editProfile && (
        <Grid size={{ xs: 12, sm: 4 }}>
          <SelectField
            name="profile"
            label={t('users.fields.profile')}
            testId="user-profile"
            options={[
              { value: 'admin', label: t('users.profiles.admin') },
              { value: 'user', label: t('users.profiles.user') },
            ]}
          />
        </Grid>
      )}
      {access.editQueues && (
        <>
          <Grid size={12}>
            <QueueMultiSelectField control={control} name="queueIds" queues={queues.data ?? []} label={t('users.fields.queues')} testId="user-queues" />
          </Grid>
          <Grid size={12}>
            <OptionalRecordSelect
              control={control}
              name="whatsappId"
              label={t('users.fields.whatsapp')}
              noneLabel={t('users.fields.noConnection')}
              records={connections.data ?? []}
              testId="user-whatsapp"
              size="medium"
            />
          </Grid>
        </>
      )}
      {access.editProfile && (
        <>
          <Grid size={{ xs: 6 }}>
            <TextField
              {...text('startWork')}
              label={t('users.fields.startWork')}
              type="time"
              fullWidth
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: TIME_STEP_SECONDS, 'data-testid': 'user-start-work' } }}
            />
          </Grid>
          <Grid size={{ xs: 6 }}>
            <TextField
              {...text('endWork')}
              label={t('users.fields.endWork')}
              type="time"
              fullWidth
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: TIME_STEP_SECONDS, 'data-testid': 'user-end-work' } }}
            />
          </Grid>
          <Grid size={12}>
            <TextField
              {...text('capacity')}
              label={t('users.fields.capacity')}
              type="number"
              fullWidth
              helperText={fieldError(errors.capacity) ?? t('users.fields.capacityHelp')}
              slotProps={{ htmlInput: { min: 0, 'data-testid': 'user-capacity' } }}
            />
          </Grid>
        </>
      )}
      <Grid size={12}>
        <TextField
          {...text('farewellMessage')}
          label={t('users.fields.farewellMessage')}
          fullWidth
          multiline
          minRows={2}
          slotProps={{ htmlInput: { 'data-testid': 'user-farewell' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectField
          name="defaultTheme"
          label={t('users.fields.defaultTheme')}
          testId="user-default-theme"
          options={[
            { value: 'light', label: t('theme.light') },
            { value: 'dark', label: t('theme.dark') },
          ]}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectField
          name="defaultMenu"
          label={t('users.fields.defaultMenu')}
          testId="user-default-menu"
          options={[
            { value: 'open', label: t('users.menu.open') },
            { value: 'closed', label: t('users.menu.closed') },
          ]}
        />
      </Grid>
    </Grid>
  );
};
