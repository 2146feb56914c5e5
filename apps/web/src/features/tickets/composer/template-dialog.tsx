import { messageTemplate } from '@atende/shared/messages';
import type { TicketView } from '@atende/shared/tickets';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFieldError } from '../../../components/field-errors.ts';
import { SendDialog } from '../../../components/send-dialog.tsx';
import { toastError } from '../../../lib/error-message.ts';
import { useSendMessage } from './use-send-message.ts';

// The parameters are typed one per line; the shared schema judges the list they make.
const templateForm = z
  .object({ name: z.string(), language: z.string(), parameters: z.string() })
  .transform(({ parameters, ...rest }): z.input<typeof messageTemplate> => ({ ...rest, parameters: parameters.split('\n').map((line) => line.trim()).filter(Boolean) }))
  .pipe(messageTemplate);
type TemplateFormValues = z.input<typeof templateForm>;

// An approved WhatsApp template (Cloud API tickets): the one message the customer-service window
// allows 24 h after the customer last wrote. Parameters fill the template's body, one per line.
export const TemplateDialog = ({ ticket, onClose }: { ticket: TicketView; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const send = useSendMessage(ticket);
  const form = useForm<TemplateFormValues, unknown, z.output<typeof templateForm>>({
    defaultValues: { name: '', language: 'pt_BR', parameters: '' },
    resolver: zodResolver(templateForm),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (template) => {
    try {
      await send.mutateAsync({ body: '', template });
      onClose();
    } catch (error) {
      toastError(error);
    }
  });

  return (
    <SendDialog
      title={t('tickets.template.title')}
      testId="template-dialog"
      submitLabel={t('tickets.template.submit')}
      submitTestId="template-submit"
      busy={send.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
        <TextField
          label={t('tickets.template.name')}
          {...form.register('name')}
          error={Boolean(errors.name)}
          helperText={fieldError(errors.name) ?? ' '}
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'template-name', maxLength: 512 } }}
        />
        <TextField
          label={t('tickets.template.language')}
          {...form.register('language')}
          error={Boolean(errors.language)}
          helperText={fieldError(errors.language) ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': 'template-language', maxLength: 10 } }}
        />
        <TextField
          label={t('tickets.template.parameters')}
          {...form.register('parameters')}
          error={Boolean(errors.parameters)}
          helperText={fieldError(errors.parameters) ?? t('tickets.template.parametersHelp')}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { 'data-testid': 'template-parameters' } }}
        />
      </Stack>
    </SendDialog>
  );
};
