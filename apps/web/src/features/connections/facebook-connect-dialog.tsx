import { zodResolver } from '@hookform/resolvers/zod';
import { facebookConnectBody } from '@atende/shared/meta-channels';
import { TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConnectDialog } from './connect-dialog.tsx';
import { useConnectDialogForm } from './use-connect-dialog-form.ts';
import { useConnectFacebook, type FacebookConnectValues } from './use-meta-connect.ts';

const resolver = zodResolver(facebookConnectBody, undefined, { raw: true });
const emptyValues: FacebookConnectValues = { facebookUserId: '', facebookUserToken: '' };

type FacebookConnectDialogProps = { channel: 'facebook' | 'instagram' | null; onClose: () => void };

// POST /facebook takes what Facebook Login hands the browser: the user id and a user token.
// The Facebook login SDK is a script served by Facebook that this product cannot bundle, so the
// admin pastes the two values (from the app's Graph API Explorer or their own login flow).
export const FacebookConnectDialog = ({ channel, onClose }: FacebookConnectDialogProps) => {
  const { t } = useTranslation();
  const { text, failure, close, submit, pending } = useConnectDialogForm({ emptyValues, resolver, connect: useConnectFacebook(channel), testIdPrefix: 'facebook', onClose });

  return (
    <ConnectDialog
      open={channel !== null}
      title={t('connections.facebook.title', { channel: t(`connections.channels.${channel ?? 'facebook'}`) })}
      submitLabel={t('connections.facebook.connect')}
      failure={failure}
      busy={pending}
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
