import { zodResolver } from '@hookform/resolvers/zod';
import { sandboxCustomerMessage, type SandboxCustomerMessage } from '@atende/shared/sandbox';
import { Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerFieldErrors, useFieldError } from '../../components/field-errors.ts';
import { SendDialog } from '../../components/send-dialog.tsx';
import { toastError } from '../../lib/error-message.ts';
import { useSendAsCustomer } from './use-session-commands.ts';

const resolver = zodResolver(sandboxCustomerMessage, undefined, { raw: true });

// a number no real customer has, so a trial's contact is easy to tell apart
const SAMPLE_NUMBER = '5500000000001';

type SandboxCustomerDialogProps = { connection: { id: number; name: string }; onClose: () => void };

// Plays a customer writing to the sandbox connection (issue 35 point 13), so a company can try a
// whole conversation from the screens: the message arrives like one from WhatsApp.
export const SandboxCustomerDialog = ({ connection, onClose }: SandboxCustomerDialogProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<SandboxCustomerMessage, unknown, SandboxCustomerMessage>({
    defaultValues: { from: SAMPLE_NUMBER, name: t('connections.sandbox.sampleName'), body: '' },
    resolver,
  });
  const { errors } = form.formState;
  const send = useSendAsCustomer(connection.id);
  const sendFailed = (error: unknown) => {
    if (setServerFieldErrors(form.setError, error).length === 0) toastError(error);
  };
  const field = (name: keyof SandboxCustomerMessage) => {
    const { ref, ...rest } = form.register(name);
    return {
      ...rest,
      inputRef: ref,
      label: t(`connections.sandbox.fields.${name}`),
      fullWidth: true,
      error: Boolean(errors[name]),
      helperText: fieldError(errors[name]),
      slotProps: { htmlInput: { 'data-testid': `sandbox-customer-${name}` } },
    };
  };

  return (
    <SendDialog
      title={t('connections.sandbox.title', { name: connection.name })}
      testId="sandbox-customer-dialog"
      submitLabel={t('connections.sandbox.send')}
      submitTestId="sandbox-customer-send"
      busy={send.isPending}
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => send.mutate(values, { onSuccess: onClose, onError: sendFailed }))}
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField {...field('from')} helperText={fieldError(errors.from) ?? t('connections.sandbox.fromHelp')} />
        <TextField {...field('name')} />
        <TextField {...field('body')} multiline minRows={2} autoFocus />
      </Stack>
    </SendDialog>
  );
};
