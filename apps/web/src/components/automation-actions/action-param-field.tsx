// One parameter of an action: a record picker, the priority, an email's language, or a text.
import { mailLocales } from '@atende/shared/mail';
import { ticketPriorities } from '@atende/shared/tickets';
import { MenuItem, TextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ActionChoices, ActionParam, ActionValues } from './action-kinds.ts';

type ActionsForm = { actions: ActionValues[] };
type ActionParamFieldProps = { index: number; param: ActionParam; choices: ActionChoices; testId: string };

// the schema refuses a parameter only when it is missing (an id not chosen, an empty required text):
// the pickers cannot hold anything else and a text is capped at the schema's length
export const ActionParamField = ({ index, param, choices, testId }: ActionParamFieldProps) => {
  const { t } = useTranslation();
  const { control } = useFormContext<ActionsForm>();
  return (
    <Controller
      control={control}
      name={`actions.${index}.${param.key}`}
      render={({ field, fieldState }) => {
        const common = {
          fullWidth: true,
          size: 'small' as const,
          label: t(`automationActions.params.${param.key}`),
          error: Boolean(fieldState.error),
          helperText: fieldState.error ? t('validation.required') : undefined,
          'data-testid': testId,
        };
        if (param.key === 'text') {
          return (
            <TextField
              {...common}
              label={param.optional ? t('automationActions.params.optionalText') : common.label}
              multiline
              minRows={2}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              slotProps={{ htmlInput: { maxLength: param.maxLength, 'data-testid': `${testId}-input` } }}
            />
          );
        }
        if (param.key === 'priority') {
          return (
            <TextField {...common} select value={field.value ?? ''} onChange={(event) => field.onChange(event.target.value)} inputRef={field.ref}>
              {ticketPriorities.map((priority) => (
                <MenuItem key={priority} value={priority} data-testid={`${testId}-option-${priority}`}>
                  {t(`tickets.priority.${priority}`)}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        if (param.key === 'locale') {
          return (
            <TextField {...common} select value={field.value ?? ''} onChange={(event) => field.onChange(event.target.value)} inputRef={field.ref}>
              {mailLocales.map((locale) => (
                <MenuItem key={locale} value={locale} data-testid={`${testId}-option-${locale}`}>
                  {t(`language.names.${locale}`)}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        const records = choices[param.from];
        const chosen = typeof field.value === 'number' && records.some((record) => record.id === field.value) ? field.value : '';
        // a saved action whose record was deleted since (docs/automation.md: skipped when it runs)
        const gone = chosen === '' && typeof field.value === 'number' && records.length > 0;
        return (
          <TextField
            {...common}
            {...(gone && { error: true, helperText: t('automationActions.missing') })}
            select
            value={chosen} onChange={(event) => field.onChange(Number(event.target.value))} inputRef={field.ref}>
            {records.length === 0 && (
              <MenuItem value="" disabled>
                <em>{t('automationActions.noChoices')}</em>
              </MenuItem>
            )}
            {records.map((record) => (
              <MenuItem key={record.id} value={record.id} data-testid={`${testId}-option-${record.id}`}>
                {record.name}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
};
