import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../components/field-errors.ts';
import { mediaTestForm, type MediaTestOutput, type MediaTestValues } from './messages-api-forms.ts';
import { useSendMediaTest } from './use-send-test-message.ts';
import { useTestField } from './use-test-field.ts';

export const MediaTestForm = () => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<MediaTestValues, unknown, MediaTestOutput>({ defaultValues: { token: '', number: '', file: null }, resolver: zodResolver(mediaTestForm) });
  const send = useSendMediaTest();
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
