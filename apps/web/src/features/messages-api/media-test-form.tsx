import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFieldError } from '../../components/field-errors.ts';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { sendExternal } from './messages-api-client.ts';
import { mediaTestForm, type MediaTestValues } from './messages-api-forms.ts';
import { useTestField } from './use-test-field.ts';

type MediaTestOutput = z.output<typeof mediaTestForm>;
// the form starts without a file (null), which the schema refuses with its message
const resolver = zodResolver(mediaTestForm) as unknown as Resolver<MediaTestValues, unknown, MediaTestOutput>;

export const MediaTestForm = () => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<MediaTestValues, unknown, MediaTestOutput>({ defaultValues: { token: '', number: '', file: null }, resolver });
  const send = useMutation({
    mutationFn: ({ token, number, file }: MediaTestOutput) => {
      const body = new FormData();
      body.append('number', number);
      body.append('medias', file, file.name);
      return sendExternal(token, { form: body });
    },
    onSuccess: () => toast.success(t('messagesApi.sent')),
    onError: (error) => toastError(error),
  });
  const field = useTestField(form, 'messages-api-media');
  const file = form.watch('file');
  const fileError = fieldError(form.formState.errors.file);
  return (
    <Paper component="form" noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))} variant="outlined" sx={{ p: 2, flex: 1 }} data-testid="messages-api-media-form">
      <Typography variant="h6" sx={{ mb: 2 }}>{t('messagesApi.mediaTitle')}</Typography>
      <Stack spacing={1}>
        <TextField {...field('token')} />
        <TextField {...field('number')} />
        <Button variant="outlined" component="label">
          {file ? file.name : t('messagesApi.chooseFile')}
          <input
            hidden
            type="file"
            data-testid="messages-api-media-file"
            onChange={(event) => form.setValue('file', event.target.files?.[0] ?? null, { shouldValidate: form.formState.isSubmitted })}
          />
        </Button>
        {fileError && (
          <Typography variant="caption" color="error">
            {fileError}
          </Typography>
        )}
        <Button type="submit" variant="contained" disabled={send.isPending} data-testid="messages-api-media-send">
          {t('messagesApi.send')}
        </Button>
      </Stack>
    </Paper>
  );
};
