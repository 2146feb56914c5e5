import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { textTestForm, type TextTestOutput, type TextTestValues } from './messages-api-forms.ts';
import { useSendTextTest } from './use-send-test-message.ts';
import { useTestField } from './use-test-field.ts';

export const TextTestForm = () => {
  const { t } = useTranslation();
  const form = useForm<TextTestValues, unknown, TextTestOutput>({
    defaultValues: { token: '', number: '', body: '' },
    resolver: zodResolver(textTestForm),
  });
  const send = useSendTextTest();
  const field = useTestField(form, 'messages-api-text');
  return (
    <Paper component="form" noValidate onSubmit={form.handleSubmit((values) => send.mutate(values, { onSuccess: () => form.setValue('body', '') }))} variant="outlined" sx={{ p: 2, flex: 1 }} data-testid="messages-api-text-form">
      <Typography variant="h6" sx={{ mb: 2 }}>{t('messagesApi.textTitle')}</Typography>
      <Stack spacing={1}>
        <TextField {...field('token')} />
        <TextField {...field('number')} />
        <TextField {...field('body')} multiline minRows={2} />
        <Button type="submit" variant="contained" disabled={send.isPending} data-testid="messages-api-text-send">
          {t('messagesApi.send')}
        </Button>
      </Stack>
    </Paper>
  );
};
