import { zodResolver } from '@hookform/resolvers/zod';
import { cloudConnectionBody } from '@atende/shared/meta-channels';
import { TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { useFieldError } from '../../components/field-errors.ts';
import { ConnectDialog } from './connect-dialog.tsx';
import { useConnectCloudApi, type CloudConnectionValues } from './use-meta-connect.ts';

const resolver = zodResolver(cloudConnectionBody, undefined, { raw: true });
const emptyValues: CloudConnectionValues = { name: '', phoneNumberId: '', accessToken: '' };

// Connects a WhatsApp Cloud API number; the server checks the number id and token against Meta.
export const CloudApiDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CloudConnectionValues, unknown, CloudConnectionValues>({ defaultValues: emptyValues, resolver });
  const { errors } = form.formState;
  const connect = useConnectCloudApi();
  const text = (name: 'name' | 'phoneNumberId' | 'accessToken') => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), slotProps: { htmlInput: { 'data-testid': `cloud-api-${name}` } } };
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
      open={open}
      title={t('connections.cloudApi.title')}
      submitLabel={t('connections.cloudApi.connect')}
      failure={failure}
      busy={connect.isPending}
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
