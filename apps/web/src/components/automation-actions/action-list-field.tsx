// The ordered actions of a rule or a macro (issue 40 points 1 and 2): each row a kind and its one
// parameter, moved up or down, removed, and a button that adds one. It edits the `actions` field of
// the react-hook-form form around it (FormProvider), whatever else that form holds.
import { MAX_ACTIONS, type AutomationActionKind } from '@atende/shared/automation';
import { Add, ArrowDownward, ArrowUpward, DeleteOutlined } from '@mui/icons-material';
import { Button, IconButton, MenuItem, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { actionKinds, actionParams, blankAction, furtherActionParams, type ActionChoices, type ActionValues } from './action-kinds.ts';
import { ActionParamField } from './action-param-field.tsx';

type ActionsForm = { actions: ActionValues[] };

type RowProps = { index: number; count: number; choices: ActionChoices; testIdPrefix: string; onKind: (kind: AutomationActionKind) => void; onMove: (to: number) => void; onRemove: () => void };

const ActionRow = ({ index, count, choices, testIdPrefix, onKind, onMove, onRemove }: RowProps) => {
  const { t } = useTranslation();
  const kind = useWatch<ActionsForm, `actions.${number}.kind`>({ name: `actions.${index}.kind` });
  const params = [actionParams[kind], ...(furtherActionParams[kind] ?? [])].filter((param) => param !== null);
  const iconButton = (label: string, icon: ReactElement, onClick: () => void, disabled: boolean, testId: string) => (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" onClick={onClick} disabled={disabled} aria-label={label} data-testid={`${testIdPrefix}-${testId}`}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`${testIdPrefix}-row`} data-kind={kind}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ pt: { sm: 1 }, minWidth: 20 }}>
          {index + 1}.
        </Typography>
        <TextField
          select
          size="small"
          label={t('automationActions.kind')}
          value={kind}
          onChange={(event) => {
            const picked = actionKinds.find((option) => option === event.target.value);
            if (picked) onKind(picked);
          }}
          sx={{ minWidth: 200 }}
          data-testid={`${testIdPrefix}-kind`}
        >
          {actionKinds.map((option) => (
            <MenuItem key={option} value={option} data-testid={`${testIdPrefix}-kind-${option}`}>
              {t(`automationActions.kinds.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          {params.map((param, position) => (
            <ActionParamField key={param.key} index={index} param={param} choices={choices} testId={`${testIdPrefix}-param${position === 0 ? '' : `-${param.key}`}`} />
          ))}
        </Stack>
        <Stack direction="row">
          {iconButton(t('automationActions.moveUp'), <ArrowUpward fontSize="small" />, () => onMove(index - 1), index === 0, 'up')}
          {iconButton(t('automationActions.moveDown'), <ArrowDownward fontSize="small" />, () => onMove(index + 1), index === count - 1, 'down')}
          {iconButton(t('common.delete'), <DeleteOutlined fontSize="small" />, onRemove, false, 'remove')}
        </Stack>
      </Stack>
    </Paper>
  );
};

type ActionListFieldProps = { choices: ActionChoices; testIdPrefix: string };

export const ActionListField = ({ choices, testIdPrefix }: ActionListFieldProps) => {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<ActionsForm>();
  const actions = useFieldArray({ control, name: 'actions' });
  // the list's own error: none at all (the schema wants one at least)
  const listError = formState.errors.actions?.message ?? formState.errors.actions?.root?.message;
  return (
    <Stack spacing={1} data-testid={testIdPrefix}>
      <Typography variant="subtitle2">{t('automationActions.title')}</Typography>
      {actions.fields.map((field, index) => (
        <ActionRow
          key={field.id}
          index={index}
          count={actions.fields.length}
          choices={choices}
          testIdPrefix={testIdPrefix}
          onKind={(kind) => actions.update(index, { ...blankAction[kind] })}
          onMove={(to) => actions.move(index, to)}
          onRemove={() => actions.remove(index)}
        />
      ))}
      {listError && (
        <Typography variant="caption" color="error" data-testid={`${testIdPrefix}-error`}>
          {t('automationActions.atLeastOne')}
        </Typography>
      )}
      <Button
        startIcon={<Add />}
        onClick={() => actions.append({ ...blankAction.setPriority })}
        disabled={actions.fields.length >= MAX_ACTIONS}
        sx={{ alignSelf: 'flex-start' }}
        data-testid={`${testIdPrefix}-add`}
      >
        {t('automationActions.add')}
      </Button>
    </Stack>
  );
};
