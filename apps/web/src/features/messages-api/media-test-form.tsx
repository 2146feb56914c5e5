import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { sendExternal } from './messages-api-client.ts';
import { fieldErrorsOf, mediaTestForm, type FieldErrors } from './messages-api-forms.ts';
import { testFieldProps } from './test-field-props.ts';

export const MediaTestForm = () => {
  const { t } = useTranslation();
  const [values, setValues] = useState<{ token: string; number: string; file: File | null }>({ token: '', number: '', file: null });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const parsed = mediaTestForm.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrorsOf(parsed.error.issues));
    if (!parsed.success) return;
    setBusy(true);
    try {
      const form = new FormData();
      form.append('number', parsed.data.number);
      form.append('medias', parsed.data.file, parsed.data.file.name);
      await sendExternal(parsed.data.token, { form });
      toast.success(t('messagesApi.sent'));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  const field = (name: 'token' | 'number') => testFieldProps(t, { values, setValues, errors, testIdPrefix: 'messages-api-media' }, name);
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1 }} data-testid="messages-api-media-form">
      <Typography variant="h6" sx={{ mb: 2 }}>{t('messagesApi.mediaTitle')}</Typography>
      <Stack spacing={1}>
        <TextField {...field('token')} />
        <TextField {...field('number')} />
        <Button variant="outlined" component="label">
          {values.file ? values.file.name : t('messagesApi.chooseFile')}
          <input
            hidden
            type="file"
            data-testid="messages-api-media-file"
            onChange={(event) => setValues((current) => ({ ...current, file: event.target.files?.[0] ?? null }))}
          />
        </Button>
        {errors.file && (
          <Typography variant="caption" color="error">
            {t(errors.file)}
          </Typography>
        )}
        <Button variant="contained" disabled={busy} onClick={() => void submit()} data-testid="messages-api-media-send">
          {t('messagesApi.send')}
        </Button>
      </Stack>
    </Paper>
  );
};
