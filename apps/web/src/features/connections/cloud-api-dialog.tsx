import { zodResolver } from '@hookform/resolvers/zod';
import { cloudConnectionBody, type CloudConnectionBody } from '@atende/shared/meta-channels';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useFieldError } from '../users/use-field-error.ts';
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
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth data-testid="cloud-api-dialog">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{t('connections.cloudApi.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && (
              <Alert severity="error" data-testid="cloud-api-error">
                {failure}
              </Alert>
            )}
            <TextField {...text('name')} label={t('connections.fields.name')} fullWidth autoFocus />
            <TextField {...text('phoneNumberId')} label={t('connections.cloudApi.phoneNumberId')} fullWidth />
            <TextField {...text('accessToken')} label={t('connections.cloudApi.accessToken')} fullWidth type="password" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} color="inherit" data-testid="cloud-api-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="cloud-api-submit">
            {t('connections.cloudApi.connect')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
