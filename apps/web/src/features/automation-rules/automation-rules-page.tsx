// Issue 40 point 1: the company's automation rules, by trigger in the order they run — what starts each, whether
// it is on, when and on which ticket it last ran, a warning on an action whose record was deleted —
// with their editor and the test button.
import type { AutomationRuleView } from '@atende/shared/automation';
import { ArrowDownwardOutlined, ArrowUpwardOutlined, ScienceOutlined } from '@mui/icons-material';
import { Alert, IconButton, Stack, Switch, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { automationRulesApi } from './automation-rules-api.ts';
import { RuleFormDialog } from './rule-form-dialog.tsx';
import { RuleLastRun } from './rule-last-run.tsx';
import { RuleTestDialog } from './rule-test-dialog.tsx';
import { refreshAutomationRules, useAutomationRules, useMoveAutomationRule, useToggleAutomationRule } from './use-automation-rules.ts';
import { useRuleChoices } from './use-rule-choices.ts';

type Dialog = { kind: 'none' } | { kind: 'form'; rule: AutomationRuleView | null } | { kind: 'test'; rule: AutomationRuleView };

const BrokenActions = ({ rule }: { rule: AutomationRuleView }) => {
  const { t } = useTranslation();
  if (rule.brokenActions.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 0.5, py: 0 }} data-testid="rule-broken">
      {rule.brokenActions.map((broken) => (
        <div key={broken.index} data-testid="rule-broken-action" data-index={broken.index} data-missing={broken.missing}>
          {t('automationRules.brokenAction', { number: broken.index + 1, action: t(`automationActions.kinds.${broken.kind}`), missing: t(`automationRules.missing.${broken.missing}`) })}
        </div>
      ))}
    </Alert>
  );
};

export const AutomationRulesPage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: rules = [], isPending } = useAutomationRules();
  const choices = useRuleChoices();
  const toggle = useToggleAutomationRule();
  const move = useMoveAutomationRule();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const moveButton = (rule: AutomationRuleView, by: -1 | 1, disabled: boolean, label: string, icon: ReactNode, testId: string) => (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" disabled={disabled || move.isPending} onClick={() => move.mutate({ rules, rule, by })} aria-label={label} data-testid={testId}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  const columns: CrudColumn<AutomationRuleView>[] = [
    {
      key: 'order',
      header: t('automationRules.columns.order'),
      // the place in its trigger's run order: rules of other triggers never run for the same event
      render: (rule) => {
        const sameTrigger = rules.filter((other) => other.trigger === rule.trigger);
        const index = sameTrigger.indexOf(rule);
        return (
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ minWidth: 20 }}>
              {index + 1}
            </Typography>
            {moveButton(rule, -1, index === 0, t('automationRules.moveUp'), <ArrowUpwardOutlined fontSize="small" />, 'rule-move-up')}
            {moveButton(rule, 1, index === sameTrigger.length - 1, t('automationRules.moveDown'), <ArrowDownwardOutlined fontSize="small" />, 'rule-move-down')}
          </Stack>
        );
      },
    },
    {
      key: 'name',
      header: t('automationRules.columns.name'),
      render: (rule) => (
        <>
          <Typography variant="body2" data-testid="rule-name-cell">
            {rule.name}
          </Typography>
          <BrokenActions rule={rule} />
        </>
      ),
    },
    {
      key: 'trigger',
      header: t('automationRules.columns.trigger'),
      render: (rule) =>
        rule.trigger === 'ticketIdle' ? t('automationRules.idleFor', { minutes: rule.idleMinutes ?? 0 }) : t(`automationRules.triggers.${rule.trigger}`),
    },
    {
      key: 'active',
      header: t('automationRules.columns.active'),
      align: 'center',
      render: (rule) => (
        <Switch
          size="small"
          checked={rule.active}
          disabled={toggle.isPending}
          onChange={() => toggle.mutate(rule)}
          slotProps={{ input: { 'aria-label': t('automationRules.columns.active'), 'data-testid': 'rule-active-switch' } as object }}
        />
      ),
    },
    { key: 'lastRun', header: t('automationRules.columns.lastRun'), render: (rule) => <RuleLastRun rule={rule} /> },
    {
      key: 'actions',
      header: t('automationRules.columns.actions'),
      align: 'center',
      sx: { whiteSpace: 'nowrap' },
      render: (rule, row) => (
        <>
          <Tooltip title={t('automationRules.test.open')}>
            <IconButton size="small" onClick={() => setDialog({ kind: 'test', rule })} aria-label={t('automationRules.test.open')} data-testid="rule-test">
              <ScienceOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <EditDeleteActions onEdit={() => setDialog({ kind: 'form', rule })} onDelete={row.remove} testIdPrefix="rules" />
        </>
      ),
    },
  ];

  return (
    <CrudListPage
      title={t('automationRules.title')}
      add={{ label: t('automationRules.add'), onClick: () => setDialog({ kind: 'form', rule: null }) }}
      columns={columns}
      rows={rules}
      loading={isPending}
      emptyText={t('automationRules.empty')}
      testIdPrefix="rules"
      rowAttributes={(rule) => ({ 'data-rule-id': rule.id, 'data-active': String(rule.active) })}
      remove={{
        run: (rule) => automationRulesApi.remove(rule.id),
        onRemoved: () => refreshAutomationRules(queryClient),
        title: (rule) => t('automationRules.confirmDelete', { name: rule.name }),
        removedToast: t('automationRules.toasts.deleted'),
      }}
    >
      {dialog.kind === 'form' && <RuleFormDialog rule={dialog.rule} nextPosition={Math.max(-1, ...rules.map((rule) => rule.position)) + 1} choices={choices} onClose={close} />}
      {dialog.kind === 'test' && <RuleTestDialog rule={dialog.rule} choices={choices} onClose={close} />}
    </CrudListPage>
  );
};
