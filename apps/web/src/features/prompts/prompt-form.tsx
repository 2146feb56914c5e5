import { PROMPT_DEFAULTS, promptBody, promptUpdateBody, promptVoices, type PromptView } from '@atende/shared/prompts';
import { Box, DialogContent, Grid, MenuItem, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { useQueueOptions } from '../queues/use-queues.ts';
import { useSavePrompt, type PromptFormValues } from './use-prompts.ts';
import { rawSchemaResolver } from '../../lib/form-resolver.ts';

// raw: the form keeps its own values; the shared schemas only judge them. An edited prompt's keys
// are never read back, so the update schema lets them stay empty (the stored ones are kept).
const createResolver = rawSchemaResolver<PromptFormValues>(promptBody);
const updateResolver = rawSchemaResolver<PromptFormValues>(promptUpdateBody);

const valuesOf = (prompt: PromptView | null): PromptFormValues => ({
  name: prompt?.name ?? '',
  prompt: prompt?.prompt ?? '',
  apiKey: '',
  queueId: prompt?.queueId ?? '',
  maxTokens: prompt?.maxTokens ?? PROMPT_DEFAULTS.maxTokens,
  temperature: prompt?.temperature ?? PROMPT_DEFAULTS.temperature,
  maxMessages: prompt?.maxMessages ?? PROMPT_DEFAULTS.maxMessages,
  voice: prompt?.voice ?? PROMPT_DEFAULTS.voice,
  voiceKey: '',
  voiceRegion: prompt?.voiceRegion ?? '',
});

type PromptFormProps = { prompt: PromptView | null; onClose: () => void };

export const PromptForm = ({ prompt, onClose }: PromptFormProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { data: queues = [] } = useQueueOptions();
  const form = useForm<PromptFormValues>({ defaultValues: valuesOf(prompt), resolver: prompt ? updateResolver : createResolver });
  const { register, control, watch, formState } = form;
  const { errors } = formState;
  const save = useSavePrompt(prompt);
  const text = (name: 'name' | 'prompt' | 'apiKey' | 'voiceKey' | 'voiceRegion', testId: string) => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), slotProps: { htmlInput: { 'data-testid': testId } } };
  };
  const number = (name: 'maxTokens' | 'temperature' | 'maxMessages', testId: string, step: number) => {
    const { ref, ...rest } = register(name, { valueAsNumber: true });
    return { ...rest, inputRef: ref, type: 'number', error: Boolean(errors[name]), helperText: fieldError(errors[name]), slotProps: { htmlInput: { 'data-testid': testId, step } } };
  };
  const voiced = watch('voice') !== 'texto';

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: onClose, onError: showSaveError(form.setError) }))} data-testid="prompt-form">
      <DialogContent dividers>
        <Grid container spacing={2}>
          <Grid size={12}>
            <TextField {...text('name', 'prompt-name')} label={t('prompts.fields.name')} fullWidth autoFocus />
          </Grid>
          <Grid size={12}>
            <TextField
              {...text('apiKey', 'prompt-api-key')}
              type="password"
              autoComplete="off"
              label={t('prompts.fields.apiKey')}
              placeholder={prompt ? t('prompts.keepKey') : undefined}
              fullWidth
            />
          </Grid>
          <Grid size={12}>
            <TextField {...text('prompt', 'prompt-text')} label={t('prompts.fields.prompt')} fullWidth multiline minRows={5} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={control}
              name="queueId"
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  label={t('prompts.fields.queue')}
                  value={field.value}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                  error={Boolean(errors.queueId)}
                  helperText={fieldError(errors.queueId)}
                  data-testid="prompt-queue"
                >
                  {queues.map((queue) => (
                    <MenuItem key={queue.id} value={queue.id} data-testid={`prompt-queue-${queue.id}`}>
                      {queue.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={control}
              name="voice"
              render={({ field }) => (
                <TextField select fullWidth label={t('prompts.fields.voice')} {...field} data-testid="prompt-voice">
                  {promptVoices.map((voice) => (
                    <MenuItem key={voice} value={voice} data-testid={`prompt-voice-${voice}`}>
                      {voice === 'texto' ? t('prompts.textVoice') : voice}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          {voiced && (
            <>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField {...text('voiceKey', 'prompt-voice-key')} type="password" autoComplete="off" label={t('prompts.fields.voiceKey')} fullWidth />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField {...text('voiceRegion', 'prompt-voice-region')} label={t('prompts.fields.voiceRegion')} fullWidth />
              </Grid>
            </>
          )}
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField {...number('temperature', 'prompt-temperature', 0.1)} label={t('prompts.fields.temperature')} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField {...number('maxTokens', 'prompt-max-tokens', 1)} label={t('prompts.fields.maxTokens')} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField {...number('maxMessages', 'prompt-max-messages', 1)} label={t('prompts.fields.maxMessages')} fullWidth />
          </Grid>
        </Grid>
      </DialogContent>
      <FormDialogActions onClose={onClose} pending={save.isPending} adding={!prompt} submitTestId="prompt-save" cancelTestId="prompt-cancel" />
    </Box>
  );
};
