import { zodResolver } from '@hookform/resolvers/zod';
import { cloudConnectionBody } from '@atende/shared/meta-channels';
import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConnectDialog } from './connect-dialog.tsx';
import { useConnectDialogForm } from './use-connect-dialog-form.ts';
import { useConnectCloudApi, type CloudConnectionValues } from './use-meta-connect.ts';

const resolver = zodResolver(cloudConnectionBody, undefined, { raw: true });
const emptyValues: CloudConnectionValues = { name: '', phoneNumberId: '', accessToken: '' };

// Connects a WhatsApp Cloud API number; the server checks the number id and token against Meta.
export const CloudApiDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const { text, failure, close, submit, pending } = useConnectDialogForm({ emptyValues, resolver, connect: useConnectCloudApi(), testIdPrefix: 'cloud-api', onClose });

  return (
    <ConnectDialog
      open={open}
      title={t('connections.cloudApi.title')}
      submitLabel={t('connections.cloudApi.connect')}
      failure={failure}
      busy={pending}
      testIdPrefix="cloud-api"
      onClose={close}
      onSubmit={submit}
    >
      <TextField {...text('name')} label={t('connections.fields.name')} fullWidth autoFocus />
      <TextField {...text('phoneNumberId')} label={t('connections.cloudApi.phoneNumberId')} fullWidth />
      <TextField {...text('accessToken')} label={t('connections.cloudApi.accessToken')} fullWidth type="password" />
    </ConnectDialog>
  );
};
