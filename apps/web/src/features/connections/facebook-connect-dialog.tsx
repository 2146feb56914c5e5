import { zodResolver } from '@hookform/resolvers/zod';
import { facebookConnectBody } from '@atende/shared/meta-channels';
import { TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { useFieldError } from '../../components/field-errors.ts';
import { ConnectDialog } from './connect-dialog.tsx';
import { useConnectFacebook, type FacebookConnectValues } from './use-meta-connect.ts';

const resolver = zodResolver(facebookConnectBody, undefined, { raw: true });
const emptyValues: FacebookConnectValues = { facebookUserId: '', facebookUserToken: '' };

type FacebookConnectDialogProps = { channel: 'facebook' | 'instagram' | null; onClose: () => void };

// POST /facebook takes what Facebook Login hands the browser: the user id and a user token.
// The Facebook login SDK is a script served by Facebook that this product cannot bundle, so the
// admin pastes the two values (from the app's Graph API Explorer or their own login flow).
export const FacebookConnectDialog = ({ channel, onClose }: FacebookConnectDialogProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FacebookConnectValues, unknown, FacebookConnectValues>({ defaultValues: emptyValues, resolver });
  const { errors } = form.formState;
  const connect = useConnectFacebook(channel);
  const text = (name: 'facebookUserId' | 'facebookUserToken') => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), slotProps: { htmlInput: { 'data-testid': `facebook-${name}` } } };
  };
  const close = () => {
    form.reset(emptyValues);
    setFailure(null);
    onClose();
  };
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    connect.mutate(values, { onSuccess: close, onError: (error) => setFailure(errorMessage(error)) });
  });

  return (
    <ConnectDialog
      open={channel !== null}
      title={t('connections.facebook.title', { channel: t(`connections.channels.${channel ?? 'facebook'}`) })}
      submitLabel={t('connections.facebook.connect')}
      failure={failure}
      busy={connect.isPending}
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
