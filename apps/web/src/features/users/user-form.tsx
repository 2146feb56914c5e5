import { can } from '@atende/shared/permissions';
import type { UserView } from '@atende/shared/users';
import { Box, DialogContent, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerFieldErrors } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { UserGeneralTab } from './user-general-tab.tsx';
import { UserPermissionsTab } from './user-permissions-tab.tsx';
import { userFormResolver } from './user-form-resolver.ts';
import { toFormValues, type UserFormAccess, type UserFormMode, type UserFormValues } from './user-form-values.ts';
import { useSaveUser } from './use-save-user.ts';

type UserFormProps = { user: UserView | null; mode: UserFormMode; onClose: () => void };

export const UserForm = ({ user, mode, onClose }: UserFormProps) => {
  const { t } = useTranslation();
  const actor = useSessionUser();
  const access: UserFormAccess = {
    editProfile: can(actor, 'user-modal:editProfile'),
    editQueues: can(actor, 'user-modal:editQueues'),
    editPermissions: actor.profile === 'admin',
  };
  const [tab, setTab] = useState<'general' | 'permissions'>('general');
  const form = useForm<UserFormValues>({
    defaultValues: toFormValues(user),
    resolver: userFormResolver(mode),
  });
  const save = useSaveUser(user?.id ?? null, access, mode);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      toast.success(t(mode === 'invite' ? 'users.invite.sent' : 'users.toasts.saved'));
      // 01-core §4 Other: editing oneself reloads so the shell picks up the new settings
      if (saved.id === actor.id) setTimeout(() => window.location.reload(), 500);
      onClose();
    } catch (error) {
      if (setServerFieldErrors(form.setError, error).length > 0) setTab('general');
      toastError(error);
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={submit} data-testid="user-form">
        <Tabs value={tab} onChange={(_, value: 'general' | 'permissions') => setTab(value)} sx={{ px: 3 }}>
          <Tab value="general" label={t('users.tabs.general')} data-testid="user-tab-general" />
          {access.editPermissions && (
            <Tab value="permissions" label={t('users.tabs.permissions')} data-testid="user-tab-permissions" />
          )}
        </Tabs>
        <DialogContent dividers>
          <Box hidden={tab !== 'general'}>
            <UserGeneralTab user={user} access={access} withPassword={mode !== 'invite'} />
          </Box>
          {access.editPermissions && (
            <Box hidden={tab !== 'permissions'}>
              <UserPermissionsTab />
            </Box>
          )}
        </DialogContent>
        <FormDialogActions spacious onClose={onClose} pending={form.formState.isSubmitting} adding={!user} submitTestId="user-save" cancelTestId="user-cancel" />
      </Box>
    </FormProvider>
  );
};
