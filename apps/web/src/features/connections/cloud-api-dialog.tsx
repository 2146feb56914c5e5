import { zodResolver } from '@hookform/resolvers/zod';
import { cloudConnectionBody, type CloudConnectionBody } from '@atende/shared/meta-channels';
import { TextField } from '@mui/material';
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

const resolver = zodResolver(cloudConnectionBody, undefined, { raw: true }) as unknown as Resolver<CloudConnectionBody>;
const emptyValues: CloudConnectionBody = { name: '', phoneNumberId: '', accessToken: '' };

// Connects a WhatsApp Cloud API number; the server checks the number id and token against Meta.
export const CloudApiDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CloudConnectionBody>({ defaultValues: emptyValues, resolver });
  const { errors, isSubmitting } = form.formState;
  const text = (name: keyof CloudConnectionBody) => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), slotProps: { htmlInput: { 'data-testid': `cloud-api-${name}` } } };
  };
  const close = () => {
    form.reset(emptyValues);
    setFailure(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      upsertConnectionInCache(queryClient, await sessionApi.connectCloudApi(values));
      toast.success(t('connections.toasts.saved'));
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <ConnectDialog
      open={open}
      title={t('connections.cloudApi.title')}
      submitLabel={t('connections.cloudApi.connect')}
      failure={failure}
      busy={isSubmitting}
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
