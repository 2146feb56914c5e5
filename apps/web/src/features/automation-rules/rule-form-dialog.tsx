// The rule's editor (issue 40 point 1): its name, whether it is on, when it runs (the idle minutes
// for an idle ticket), its conditions and its ordered actions, checked by the shared schema; what
// the server refuses (a risky regular expression) lands on its field. The resolver takes the
// conditions' and actions' unions apart, so an empty text is flagged on its own field.
import { alwaysTrue, automationRuleBody, automationTriggers, type AutomationRuleView } from '@atende/shared/automation';
import { Dialog, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ActionListField } from '../../components/automation-actions/action-list-field.tsx';
import { blankAction } from '../../components/automation-actions/action-kinds.ts';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { rawSchemaResolver } from '../../lib/form-resolver.ts';
import { ConditionTreeField } from './condition-tree-field.tsx';
import { useSaveAutomationRule } from './use-automation-rules.ts';
import type { RuleChoices } from './use-rule-choices.ts';

type RuleFormValues = z.input<typeof automationRuleBody>;

const DEFAULT_IDLE_MINUTES = 60;

type RuleFormDialogProps = { rule: AutomationRuleView | null; nextPosition: number; choices: RuleChoices; onClose: () => void };

const initialValues = (rule: AutomationRuleView | null, nextPosition: number): RuleFormValues =>
  rule
    ? { name: rule.name, active: rule.active, trigger: rule.trigger, idleMinutes: rule.idleMinutes, conditions: rule.conditions, actions: rule.actions, position: rule.position }
    : { name: '', active: true, trigger: 'messageReceived', idleMinutes: null, conditions: alwaysTrue, actions: [{ ...blankAction.setPriority }], position: nextPosition };

export const RuleFormDialog = ({ rule, nextPosition, choices, onClose }: RuleFormDialogProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<RuleFormValues>({ defaultValues: initialValues(rule, nextPosition), resolver: rawSchemaResolver<RuleFormValues>(automationRuleBody) });
  const { errors } = form.formState;
  const save = useSaveAutomationRule(rule);
  const trigger = form.watch('trigger');
  const { ref: nameRef, ...name } = form.register('name');

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="rule-form-dialog">
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(automationRuleBody.parse(values), { onSuccess: onClose, onError: showSaveError(form.setError) }))}>
          <DialogTitle>{rule ? t('automationRules.form.editTitle') : t('automationRules.form.addTitle')}</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={3}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
                <TextField
                  {...name}
                  inputRef={nameRef}
                  label={t('automationRules.fields.name')}
                  fullWidth
                  autoFocus
                  error={Boolean(errors.name)}
                  helperText={fieldError(errors.name)}
                  slotProps={{ htmlInput: { 'data-testid': 'rule-name' } }}
                />
                <Controller
                  control={form.control}
                  name="active"
                  render={({ field }) => (
                    <FormControlLabel
                      label={t('automationRules.fields.active')}
                      control={<Switch checked={field.value ?? true} onChange={(_change, checked) => field.onChange(checked)} slotProps={{ input: { 'data-testid': 'rule-active' } as object }} />}
                    />
                  )}
                />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Controller
                  control={form.control}
                  name="trigger"
                  render={({ field }) => (
                    <TextField
                      select
                      fullWidth
                      label={t('automationRules.fields.trigger')}
                      value={field.value}
                      onChange={(event) => {
                        field.onChange(event.target.value);
                        form.setValue('idleMinutes', event.target.value === 'ticketIdle' ? DEFAULT_IDLE_MINUTES : null);
                      }}
                      data-testid="rule-trigger"
                    >
                      {automationTriggers.map((option) => (
                        <MenuItem key={option} value={option} data-testid={`rule-trigger-${option}`}>
                          {t(`automationRules.triggers.${option}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                {trigger === 'ticketIdle' && (
                  <TextField
                    {...form.register('idleMinutes', { valueAsNumber: true })}
                    type="number"
                    label={t('automationRules.fields.idleMinutes')}
                    sx={{ minWidth: 200 }}
                    error={Boolean(errors.idleMinutes)}
                    helperText={errors.idleMinutes ? t('automationRules.idleMinutesRange') : undefined}
                    slotProps={{ htmlInput: { min: 1, 'data-testid': 'rule-idle-minutes' } }}
                  />
                )}
              </Stack>
              <ConditionTreeField choices={choices} />
              <ActionListField choices={choices} testIdPrefix="rule-actions" />
            </Stack>
          </DialogContent>
          <FormDialogActions onClose={onClose} pending={save.isPending} submitTestId="rule-save" adding={!rule} />
        </form>
      </FormProvider>
    </Dialog>
  );
};
