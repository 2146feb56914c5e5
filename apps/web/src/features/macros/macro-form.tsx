import { macroBody, type MacroView } from '@atende/shared/automation';
import { Box, DialogContent, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ActionListField } from '../../components/automation-actions/action-list-field.tsx';
import { blankAction } from '../../components/automation-actions/action-kinds.ts';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { rawSchemaResolver } from '../../lib/form-resolver.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { canShareMacros } from './macro-access.ts';
import { useActionChoices } from './use-action-choices.ts';
import { useSaveMacro } from './use-macros.ts';

type MacroFormValues = z.input<typeof macroBody>;

const resolver = rawSchemaResolver<MacroFormValues>(macroBody);

const toFormValues = (macro: MacroView | null): MacroFormValues => ({
  name: macro?.name ?? '',
  shared: macro?.shared ?? false,
  actions: macro?.actions ?? [{ ...blankAction.setPriority }],
});

// The macro dialog (issue 40 point 2): its name, whether the company shares it (admins only, as the
// server decides), and its ordered actions.
export const MacroForm = ({ macro, onClose }: { macro: MacroView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const canShare = canShareMacros(useSessionUser());
  const choices = useActionChoices();
  const form = useForm<MacroFormValues>({ defaultValues: toFormValues(macro), resolver });
  const { errors } = form.formState;
  const save = useSaveMacro(macro);
  const { ref, ...name } = form.register('name');

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit((values) => save.mutate(macroBody.parse(values), { onSuccess: onClose, onError: showSaveError(form.setError) }))}
        data-testid="macro-form"
      >
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              {...name}
              inputRef={ref}
              label={t('macros.fields.name')}
              fullWidth
              autoFocus
              error={Boolean(errors.name)}
              helperText={fieldError(errors.name)}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'macro-name' } }}
            />
            {canShare && (
              <Controller
                control={form.control}
                name="shared"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} slotProps={{ input: { 'data-testid': 'macro-shared' } as object }} />}
                    label={t('macros.fields.shared')}
                  />
                )}
              />
            )}
            <ActionListField choices={choices} testIdPrefix="macro-actions" />
          </Stack>
        </DialogContent>
        <FormDialogActions onClose={onClose} pending={save.isPending} submitTestId="macro-save" adding={!macro} />
      </Box>
    </FormProvider>
  );
};
