import { zodResolver } from '@hookform/resolvers/zod';
import { webchatConnectionForm, type WebchatConnectionForm } from '@atende/shared/webchat';
import { Alert, Box, Button, CircularProgress, Dialog, DialogContent, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../components/field-errors.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { ConnectDialog } from './connect-dialog.tsx';
import { toWebchatForm, useCreateWebchat, useUpdateWebchat, useWebchatSettings } from './use-webchat-connect.ts';
import { WebchatSnippetDialog } from './webchat-snippet-dialog.tsx';

const resolver = zodResolver(webchatConnectionForm);
const emptyValues: WebchatConnectionForm = { name: '', allowedOrigins: '', color: '#1976d2', greeting: '', preChatForm: false };

type WebchatFormProps = {
  open: boolean;
  values: WebchatConnectionForm;
  // the connection edited; none for a new one, which ends on its snippet
  connectionId?: number;
  onClose: () => void;
  onMoreSettings?: () => void;
};

// One form for a new web chat connection and for an existing one's settings (docs/webchat.md).
const WebchatForm = ({ open, values, connectionId, onClose, onMoreSettings }: WebchatFormProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const create = useCreateWebchat();
  const update = useUpdateWebchat(connectionId ?? 0);
  const editing = connectionId !== undefined;
  const [failure, setFailure] = useState<string | null>(null);
  const [publicId, setPublicId] = useState<string | null>(null);
  const form = useForm<WebchatConnectionForm>({ defaultValues: values, resolver });
  const { errors } = form.formState;
  const field = (name: 'name' | 'allowedOrigins' | 'greeting' | 'color') => {
    const { ref, ...rest } = form.register(name);
    const error: FieldError | undefined = errors[name];
    return { ...rest, inputRef: ref, error: Boolean(error), helperText: fieldError(error), slotProps: { htmlInput: { 'data-testid': `webchat-${name}` } } };
  };
  const close = () => {
    form.reset(values);
    setFailure(null);
    setPublicId(null);
    onClose();
  };
  const submit = form.handleSubmit((submitted) => {
    setFailure(null);
    const failed = (error: Error) => setFailure(errorMessage(error));
    if (editing) update.mutate(submitted, { onSuccess: close, onError: failed });
    else create.mutate(submitted, { onSuccess: (connection) => setPublicId(connection.number), onError: failed });
  });

  if (publicId) return <WebchatSnippetDialog publicId={open ? publicId : null} onClose={close} />;
  return (
    <ConnectDialog
      open={open}
      title={editing ? t('connections.webchat.editTitle') : t('connections.webchat.title')}
      submitLabel={editing ? t('common.save') : t('connections.webchat.create')}
      failure={failure}
      busy={create.isPending || update.isPending}
      testIdPrefix="webchat"
      onClose={close}
      onSubmit={submit}
    >
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
      {onMoreSettings && (
        <Button onClick={onMoreSettings} sx={{ alignSelf: 'flex-start' }} data-testid="webchat-more-settings">
          {t('connections.webchat.moreSettings')}
        </Button>
      )}
    </ConnectDialog>
  );
};

type WebchatConnectDialogProps = {
  open: boolean;
  // the connection whose settings are edited; null for a new connection
  connectionId?: number | null;
  onClose: () => void;
  // the connection's common settings (queues, messages, bot), in the connection dialog
  onMoreSettings?: () => void;
};

// Creates a web chat widget connection (issue 41 point 1), then shows the snippet to paste into
// the website; or edits one's settings, filled with what the server has now.
export const WebchatConnectDialog = ({ open, connectionId = null, onClose, onMoreSettings }: WebchatConnectDialogProps) => {
  const settings = useWebchatSettings(open ? connectionId : null);
  if (connectionId === null) return <WebchatForm open={open} values={emptyValues} onClose={onClose} />;
  if (!open) return null;
  if (!settings.data) {
    return (
      <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="webchat-dialog">
        <DialogContent>
          {settings.error ? (
            <Alert severity="error">{errorMessage(settings.error)}</Alert>
          ) : (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
              <CircularProgress />
            </Box>
          )}
        </DialogContent>
      </Dialog>
    );
  }
  return <WebchatForm key={connectionId} open values={toWebchatForm(settings.data)} connectionId={connectionId} onClose={onClose} onMoreSettings={onMoreSettings} />;
};
