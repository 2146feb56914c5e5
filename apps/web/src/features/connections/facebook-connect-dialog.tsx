import { zodResolver } from '@hookform/resolvers/zod';
import { facebookConnectBody } from '@atende/shared/meta-channels';
import { TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useFieldError } from '../../components/field-errors.ts';
import { ConnectDialog } from './connect-dialog.tsx';
import { upsertConnectionInCache } from './connections-api.ts';
import { sessionApi } from './session-api.ts';

type FacebookValues = { facebookUserId: string; facebookUserToken: string };
const resolver = zodResolver(facebookConnectBody, undefined, { raw: true }) as unknown as Resolver<FacebookValues>;
const emptyValues: FacebookValues = { facebookUserId: '', facebookUserToken: '' };

type FacebookConnectDialogProps = { channel: 'facebook' | 'instagram' | null; onClose: () => void };

// POST /facebook takes what Facebook Login hands the browser: the user id and a user token.
// The Facebook login SDK is a script served by Facebook that this product cannot bundle, so the
// admin pastes the two values (from the app's Graph API Explorer or their own login flow).
export const FacebookConnectDialog = ({ channel, onClose }: FacebookConnectDialogProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FacebookValues>({ defaultValues: emptyValues, resolver });
  const { errors, isSubmitting } = form.formState;
  const text = (name: keyof FacebookValues) => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), slotProps: { htmlInput: { 'data-testid': `facebook-${name}` } } };
  };
  const close = () => {
    form.reset(emptyValues);
    setFailure(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const connected = await sessionApi.connectFacebook({ ...values, addInstagram: channel === 'instagram' });
      for (const connection of connected) upsertConnectionInCache(queryClient, connection);
      toast.success(t('connections.facebook.connected', { total: connected.length }));
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <ConnectDialog
      open={channel !== null}
      title={t('connections.facebook.title', { channel: t(`connections.channels.${channel ?? 'facebook'}`) })}
      submitLabel={t('connections.facebook.connect')}
      failure={failure}
      busy={isSubmitting}
      testIdPrefix="facebook"
      onClose={close}
      onSubmit={submit}
    >
      <Typography variant="body2" color="text.secondary">
        {t('connections.facebook.hint')}
      </Typography>
      <TextField {...text('facebookUserId')} label={t('connections.facebook.userId')} fullWidth autoFocus />
      <TextField {...text('facebookUserToken')} label={t('connections.facebook.userToken')} fullWidth type="password" />
    </ConnectDialog>
  );
};
