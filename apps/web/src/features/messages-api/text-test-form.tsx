import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { sendExternal } from './messages-api-client.ts';
import { fieldErrorsOf, textTestForm, type FieldErrors } from './messages-api-forms.ts';
import { testFieldProps } from './test-field-props.ts';

export const TextTestForm = () => {
  const { t } = useTranslation();
  const [values, setValues] = useState({ token: '', number: '', body: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const parsed = textTestForm.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrorsOf(parsed.error.issues));
    if (!parsed.success) return;
    setBusy(true);
    try {
      await sendExternal(parsed.data.token, { json: { number: parsed.data.number, body: parsed.data.body } });
      toast.success(t('messagesApi.sent'));
      setValues((current) => ({ ...current, body: '' }));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  const field = (name: 'token' | 'number' | 'body') => testFieldProps(t, { values, setValues, errors, testIdPrefix: 'messages-api-text' }, name);
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1 }} data-testid="messages-api-text-form">
      <Typography variant="h6" sx={{ mb: 2 }}>{t('messagesApi.textTitle')}</Typography>
      <Stack spacing={1}>
        <TextField {...field('token')} />
        <TextField {...field('number')} />
        <TextField {...field('body')} multiline minRows={2} />
        <Button variant="contained" disabled={busy} onClick={() => void submit()} data-testid="messages-api-text-send">
          {t('messagesApi.send')}
        </Button>
      </Stack>
    </Paper>
  );
};
