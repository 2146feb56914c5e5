import { zodResolver } from '@hookform/resolvers/zod';
import { canEditQuickMessage, quickMessageBody, type QuickMessageView } from '@atende/shared/quick-messages';
import { AttachFile } from '@mui/icons-material';
import { Box, Button, Chip, DialogContent, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PlaceholderHelp, type TextInput } from '../../components/placeholder-help.tsx';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { useSaveQuickMessage, type QuickMessageFormValues } from './use-quick-messages.ts';

type FormValues = QuickMessageFormValues;
const resolver = zodResolver(quickMessageBody, undefined, { raw: true });

// 02-operations §5, §6: a shortcode is required; a message of someone else is read only.
export const QuickMessageForm = ({ record, onClose }: { record: QuickMessageView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const me = useSessionUser();
  const readOnly = record !== null && !canEditQuickMessage({ id: me.id, profile: me.profile }, record);
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<FormValues, unknown, FormValues>({
    defaultValues: { shortcode: record?.shortcode ?? '', message: record?.message ?? '', geral: record?.geral ?? false, visao: record?.visao ?? false },
    resolver,
  });
  const { errors } = form.formState;
  const save = useSaveQuickMessage(record, { file, dropMedia });
  const text = (name: 'shortcode' | 'message') => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), disabled: readOnly, slotProps: { htmlInput: { 'data-testid': `quick-message-${name}` } } };
  };
  // filled with the ticket's contact, queue and attendant when chosen in the chat
  const messageField = text('message');
  const messageInput = useRef<TextInput | null>(null);
  const mediaName = file?.name ?? (dropMedia ? null : record?.mediaName);
  const toggle = (name: 'geral' | 'visao') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={field.value} disabled={readOnly} onChange={(event) => field.onChange(event.target.checked)} data-testid={`quick-message-${name}`} />}
          label={t(`quickMessages.fields.${name}`)}
        />
      )}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: onClose, onError: showSaveError(form.setError) }))} data-testid="quick-message-form">
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField {...text('shortcode')} label={t('quickMessages.fields.shortcode')} fullWidth autoFocus />
          <Box>
            <TextField
              {...messageField}
              inputRef={(element: TextInput | null) => {
                messageField.inputRef(element);
                messageInput.current = element;
              }}
              label={t('quickMessages.fields.message')}
              fullWidth
              multiline
              minRows={3}
            />
            {!readOnly && (
              <PlaceholderHelp
                set="attendant"
                value={form.watch('message') ?? ''}
                onChange={(next) => form.setValue('message', next, { shouldDirty: true })}
                input={messageInput}
                testId="quick-message-placeholders"
              />
            )}
          </Box>
          <Stack direction="row" spacing={2}>
            {toggle('geral')}
            {toggle('visao')}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" startIcon={<AttachFile />} disabled={readOnly} onClick={() => fileInput.current?.click()} data-testid="quick-message-attach">
              {t('quickMessages.attach')}
            </Button>
            {mediaName && (
              <Chip
                label={mediaName}
                onDelete={readOnly ? undefined : () => (file ? setFile(null) : setDropMedia(true))}
                data-testid="quick-message-media"
              />
            )}
            <input
              ref={fileInput}
              type="file"
              hidden
              data-testid="quick-message-file"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                event.target.value = '';
              }}
            />
          </Stack>
        </Stack>
      </DialogContent>
      <FormDialogActions onClose={onClose} pending={save.isPending} readOnly={readOnly} submitTestId="quick-message-save" />
    </Box>
  );
};
