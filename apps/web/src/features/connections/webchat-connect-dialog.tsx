import { zodResolver } from '@hookform/resolvers/zod';
import { webchatConnectionForm, type WebchatConnectionForm } from '@atende/shared/webchat';
import { FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../components/field-errors.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { ConnectDialog } from './connect-dialog.tsx';
import { useCreateWebchat } from './use-webchat-connect.ts';
import { WebchatSnippetDialog } from './webchat-snippet-dialog.tsx';

const resolver = zodResolver(webchatConnectionForm);
const emptyValues: WebchatConnectionForm = { name: '', allowedOrigins: '', color: '#1976d2', greeting: '', preChatForm: false };

// Creates a web chat widget connection (issue 41 point 1), then shows the snippet to paste into
// the website; docs/webchat.md.
export const WebchatConnectDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const create = useCreateWebchat();
  const [failure, setFailure] = useState<string | null>(null);
  const [publicId, setPublicId] = useState<string | null>(null);
  const form = useForm<WebchatConnectionForm>({ defaultValues: emptyValues, resolver });
  const { errors } = form.formState;
  const field = (name: 'name' | 'allowedOrigins' | 'greeting' | 'color') => {
    const { ref, ...rest } = form.register(name);
    const error: FieldError | undefined = errors[name];
    return { ...rest, inputRef: ref, error: Boolean(error), helperText: fieldError(error), slotProps: { htmlInput: { 'data-testid': `webchat-${name}` } } };
  };
  const close = () => {
    form.reset(emptyValues);
    setFailure(null);
    setPublicId(null);
    onClose();
  };
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    create.mutate(values, { onSuccess: (connection) => setPublicId(connection.number), onError: (error) => setFailure(errorMessage(error)) });
  });

  if (publicId) return <WebchatSnippetDialog publicId={open ? publicId : null} onClose={close} />;
  return (
    <ConnectDialog open={open} title={t('connections.webchat.title')} submitLabel={t('connections.webchat.create')} failure={failure} busy={create.isPending} testIdPrefix="webchat" onClose={close} onSubmit={submit}>
      <Typography variant="body2" color="text.secondary">
        {t('connections.webchat.hint')}
      </Typography>
      <TextField {...field('name')} label={t('connections.fields.name')} fullWidth autoFocus />
      <TextField {...field('allowedOrigins')} label={t('connections.webchat.allowedOrigins')} fullWidth multiline minRows={2} />
      <TextField {...field('color')} label={t('connections.webchat.color')} type="color" fullWidth />
      <TextField {...field('greeting')} label={t('connections.webchat.greeting')} fullWidth />
      <Controller
        control={form.control}
        name="preChatForm"
        render={({ field: toggle }) => (
          <FormControlLabel
            control={<Switch checked={toggle.value} onChange={(event) => toggle.onChange(event.target.checked)} data-testid="webchat-preChatForm" />}
            label={t('connections.webchat.preChatForm')}
          />
        )}
      />
    </ConnectDialog>
  );
};
