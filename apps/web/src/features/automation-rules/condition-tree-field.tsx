// A rule's conditions (issue 40 point 1): groups whose conditions must all or any hold, the
// groups themselves combined all or any; no group means the rule always applies.
import { MAX_CONDITIONS, type AutomationRuleBody } from '@atende/shared/automation';
import { AddOutlined, DeleteOutlined } from '@mui/icons-material';
import { Box, Button, IconButton, MenuItem, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConditionValueField } from './condition-value-field.tsx';
import { blankCondition, conditionKinds, type ConditionKind } from './rule-conditions.ts';
import type { RuleChoices } from './use-rule-choices.ts';

const MAX_GROUPS = 5;

const MatchSelect = ({ name, testId }: { name: 'conditions.match' | `conditions.groups.${number}.match`; testId: string }) => {
  const { t } = useTranslation();
  const { control } = useFormContext<AutomationRuleBody>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField select size="small" {...field} sx={{ minWidth: 200 }} data-testid={testId}>
          <MenuItem value="all" data-testid={`${testId}-all`}>
            {t('automationRules.match.all')}
          </MenuItem>
          <MenuItem value="any" data-testid={`${testId}-any`}>
            {t('automationRules.match.any')}
          </MenuItem>
        </TextField>
      )}
    />
  );
};

const ConditionGroup = ({ groupIndex, choices, onRemove }: { groupIndex: number; choices: RuleChoices; onRemove: () => void }) => {
  const { t } = useTranslation();
  const { control } = useFormContext<AutomationRuleBody>();
  const { fields, append, remove, update } = useFieldArray({ control, name: `conditions.groups.${groupIndex}.conditions` });
  const conditions = useWatch({ control, name: `conditions.groups.${groupIndex}.conditions` }) ?? [];
  const groupTestId = `rule-group-${groupIndex}`;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={groupTestId}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <MatchSelect name={`conditions.groups.${groupIndex}.match`} testId={`${groupTestId}-match`} />
          <Box sx={{ flex: 1 }} />
          <Tooltip title={t('automationRules.removeGroup')}>
            <IconButton size="small" onClick={onRemove} aria-label={t('automationRules.removeGroup')} data-testid={`${groupTestId}-remove`}>
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        {fields.map((field, index) => {
          const condition = conditions[index] ?? field;
          const testId = `${groupTestId}-condition-${index}`;
          return (
            <Stack key={field.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }} data-testid={testId}>
              <TextField
                select
                size="small"
                label={t('automationRules.conditionKind')}
                value={condition.kind}
                onChange={(event) => update(index, blankCondition(event.target.value as ConditionKind))}
                sx={{ minWidth: 220 }}
                data-testid={`${testId}-kind`}
              >
                {conditionKinds.map((kind) => (
                  <MenuItem key={kind} value={kind} data-testid={`${testId}-kind-${kind}`}>
                    {t(`automationRules.conditionKinds.${kind}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Box sx={{ flex: 1 }}>
                <ConditionValueField path={`conditions.groups.${groupIndex}.conditions.${index}`} condition={condition} choices={choices} testId={testId} />
              </Box>
              <Tooltip title={t('automationRules.removeCondition')}>
                <IconButton size="small" onClick={() => remove(index)} aria-label={t('automationRules.removeCondition')} data-testid={`${testId}-remove`}>
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          );
        })}
        <Box>
          <Button size="small" startIcon={<AddOutlined />} disabled={fields.length >= MAX_CONDITIONS} onClick={() => append(blankCondition('textContains'))} data-testid={`${groupTestId}-add`}>
            {t('automationRules.addCondition')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
};

export const ConditionTreeField = ({ choices }: { choices: RuleChoices }) => {
  const { t } = useTranslation();
  const { control } = useFormContext<AutomationRuleBody>();
  const { fields, append, remove } = useFieldArray({ control, name: 'conditions.groups' });
  return (
    <Stack spacing={1.5} data-testid="rule-conditions">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">{t('automationRules.conditionsTitle')}</Typography>
        {fields.length > 1 && <MatchSelect name="conditions.match" testId="rule-groups-match" />}
      </Stack>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('automationRules.always')}
        </Typography>
      )}
      {fields.map((field, index) => (
        <ConditionGroup key={field.id} groupIndex={index} choices={choices} onRemove={() => remove(index)} />
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddOutlined />}
          disabled={fields.length >= MAX_GROUPS}
          onClick={() => append({ match: 'all', conditions: [blankCondition('textContains')] })}
          data-testid="rule-add-group"
        >
          {t('automationRules.addGroup')}
        </Button>
      </Box>
    </Stack>
  );
};
