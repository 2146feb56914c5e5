import {
  INTEGRATION_DEFAULTS,
  integrationLanguages,
  integrationTypes,
  queueIntegrationBody,
  queueIntegrationUpdateBody,
  type QueueIntegrationView,
} from '@atende/shared/queue-integrations';
import { Box, Button, DialogContent, Grid, MenuItem, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { useSaveQueueIntegration, useTestIntegrationSession, type QueueIntegrationFormValues } from './use-queue-integrations.ts';
import { rawSchemaResolver } from '../../lib/form-resolver.ts';

type Values = QueueIntegrationFormValues;
type TextName = Exclude<keyof Values, 'type' | 'language' | 'typebotExpires' | 'typebotDelayMessage'>;

// raw: the form keeps its values; the shared schemas judge them (the service account is never
// read back, so an edit may leave it empty).
const createResolver = rawSchemaResolver<Values>(queueIntegrationBody);
const updateResolver = rawSchemaResolver<Values>(queueIntegrationUpdateBody);

const valuesOf = (integration: QueueIntegrationView | null): Values => ({
  type: integration?.type ?? 'typebot',
  name: integration?.name ?? '',
  projectName: integration?.projectName ?? '',
  jsonContent: '',
  language: (integration?.language as Values['language'] | undefined) ?? INTEGRATION_DEFAULTS.language,
  urlN8N: integration?.urlN8N ?? '',
  typebotSlug: integration?.typebotSlug ?? '',
  typebotExpires: integration?.typebotExpires ?? INTEGRATION_DEFAULTS.typebotExpires,
  typebotDelayMessage: integration?.typebotDelayMessage ?? INTEGRATION_DEFAULTS.typebotDelayMessage,
  typebotKeywordFinish: integration?.typebotKeywordFinish ?? '',
  typebotKeywordRestart: integration?.typebotKeywordRestart ?? '',
  typebotUnknownMessage: integration?.typebotUnknownMessage ?? '',
  typebotRestartMessage: integration?.typebotRestartMessage ?? '',
});

type Props = { integration: QueueIntegrationView | null; onClose: () => void };

export const QueueIntegrationForm = ({ integration, onClose }: Props) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<Values>({ defaultValues: valuesOf(integration), resolver: integration ? updateResolver : createResolver });
  const { register, control, watch, formState } = form;
  const { errors } = formState;
  const type = watch('type');
  const save = useSaveQueueIntegration(integration);
  // 02-operations §5: the dialogflow form's test button asks the agent with the JSON typed in
  const test = useTestIntegrationSession();
  const runTest = () => {
    const { projectName, jsonContent, language } = form.getValues();
    test.mutate({ projectName, jsonContent, language }, { onError: showSaveError(form.setError) });
  };
  const text = (name: TextName, props: { multiline?: boolean } = {}) => {
    const { ref, ...rest } = register(name);
    return {
      ...rest,
      ...props,
      inputRef: ref,
      fullWidth: true,
      label: t(`queueIntegration.fields.${name}`),
      error: Boolean(errors[name]),
      helperText: fieldError(errors[name]),
      slotProps: { htmlInput: { 'data-testid': `integration-${name}` } },
    };
  };
  const number = (name: 'typebotExpires' | 'typebotDelayMessage') => {
    const { ref, ...rest } = register(name, { valueAsNumber: true });
    return { ...rest, inputRef: ref, type: 'number', fullWidth: true, label: t(`queueIntegration.fields.${name}`), error: Boolean(errors[name]), helperText: fieldError(errors[name]) };
  };

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: onClose, onError: showSaveError(form.setError) }))} data-testid="integration-form">
      <DialogContent dividers>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Controller
              control={control}
              name="type"
              render={({ field }) => (
                <TextField select fullWidth label={t('queueIntegration.fields.type')} {...field} data-testid="integration-type">
                  {integrationTypes.map((option) => (
                    <MenuItem key={option} value={option} data-testid={`integration-type-${option}`}>
                      {option}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <TextField {...text('name')} autoFocus />
          </Grid>
          {type === 'dialogflow' ? (
            <>
              <Grid size={{ xs: 12, sm: 8 }}>
                <TextField {...text('projectName')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <Controller
                  control={control}
                  name="language"
                  render={({ field }) => (
                    <TextField select fullWidth label={t('queueIntegration.fields.language')} {...field} data-testid="integration-language">
                      {integrationLanguages.map((language) => (
                        <MenuItem key={language} value={language}>
                          {language}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Grid>
              <Grid size={12}>
                <TextField {...text('jsonContent', { multiline: true })} minRows={4} placeholder={integration?.hasJsonContent ? t('queueIntegration.keepJson') : undefined} />
              </Grid>
            </>
          ) : (
            <Grid size={12}>
              <TextField {...text('urlN8N')} />
            </Grid>
          )}
          {type === 'typebot' && (
            <>
              <Grid size={{ xs: 12, sm: 4 }}>
                <TextField {...text('typebotSlug')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <TextField {...number('typebotExpires')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <TextField {...number('typebotDelayMessage')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField {...text('typebotKeywordFinish')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField {...text('typebotKeywordRestart')} />
              </Grid>
              <Grid size={12}>
                <TextField {...text('typebotUnknownMessage')} />
              </Grid>
              <Grid size={12}>
                <TextField {...text('typebotRestartMessage')} />
              </Grid>
            </>
          )}
        </Grid>
      </DialogContent>
      <FormDialogActions onClose={onClose} pending={save.isPending} adding={!integration} submitTestId="integration-save" cancelTestId="integration-cancel">
        {type === 'dialogflow' && (
          <Button onClick={runTest} loading={test.isPending} data-testid="integration-test">
            {t('queueIntegration.test')}
          </Button>
        )}
      </FormDialogActions>
    </Box>
  );
};
