import { zodResolver } from '@hookform/resolvers/zod';
import { webhookEndpointBody, webhookEvents, type WebhookEndpointBody, type WebhookEndpointInput, type WebhookEndpointView, type WebhookEndpointWithSecret } from '@atende/shared/webhooks';
import { Checkbox, Dialog, DialogContent, DialogTitle, FormControlLabel, FormGroup, FormHelperText, FormLabel, Stack, Switch, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { useSaveWebhookEndpoint } from './use-webhooks.ts';

// message.created -> messageCreated: a dot would split the translation key
const eventKey = (event: string) => event.replace(/\.(\w)/, (_dot, letter: string) => letter.toUpperCase());

type WebhookFormDialogProps = { endpoint: WebhookEndpointView | null; onClose: () => void; onSecret: (answer: WebhookEndpointWithSecret) => void };

// Issue 37 point 1: an endpoint's URL, description, the events it wants and whether it is on.
export const WebhookFormDialog = ({ endpoint, onClose, onSecret }: WebhookFormDialogProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<WebhookEndpointBody, unknown, WebhookEndpointInput>({
    defaultValues: { url: endpoint?.url ?? '', description: endpoint?.description ?? '', events: endpoint?.events ?? [], active: endpoint?.active ?? true },
    resolver: zodResolver(webhookEndpointBody),
  });
  const { errors } = form.formState;
  const save = useSaveWebhookEndpoint(endpoint);
  const saved = (answer: WebhookEndpointView | WebhookEndpointWithSecret) => ('secret' in answer ? onSecret(answer) : onClose());
  const field = (name: 'url' | 'description', testId: string) => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), slotProps: { htmlInput: { 'data-testid': testId } } };
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="webhook-form-dialog">
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: saved, onError: showSaveError(form.setError) }))}>
        <DialogTitle>{endpoint ? t('webhooks.form.editTitle') : t('webhooks.form.addTitle')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField {...field('url', 'webhook-url')} label={t('webhooks.fields.url')} placeholder="https://" fullWidth autoFocus />
            <TextField {...field('description', 'webhook-description')} label={t('webhooks.fields.description')} fullWidth />
            <Controller
              control={form.control}
              name="events"
              render={({ field: events }) => (
                <FormGroup data-testid="webhook-events">
                  <FormLabel>{t('webhooks.fields.events')}</FormLabel>
                  {webhookEvents.map((event) => (
                    <FormControlLabel
                      key={event}
                      label={`${event} · ${t(`webhooks.events.${eventKey(event)}`)}`}
                      control={
                        <Checkbox
                          checked={events.value?.includes(event) ?? false}
                          onChange={(_change, checked) => events.onChange(checked ? [...(events.value ?? []), event] : (events.value ?? []).filter((name) => name !== event))}
                          slotProps={{ input: { 'data-testid': `webhook-event-${event}` } as object }}
                        />
                      }
                    />
                  ))}
                  {errors.events && <FormHelperText error>{fieldError(errors.events)}</FormHelperText>}
                </FormGroup>
              )}
            />
            <Controller
              control={form.control}
              name="active"
              render={({ field: active }) => (
                <FormControlLabel
                  label={t('webhooks.fields.active')}
                  control={<Switch checked={active.value ?? true} onChange={(_change, checked) => active.onChange(checked)} slotProps={{ input: { 'data-testid': 'webhook-active' } as object }} />}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions onClose={onClose} pending={save.isPending} submitTestId="webhook-save" adding={!endpoint} />
      </form>
    </Dialog>
  );
};
