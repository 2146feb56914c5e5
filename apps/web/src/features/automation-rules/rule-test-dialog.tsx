// The rule's test button (issue 40 point 1): a ticket chosen by its number or found by its
// contact, and what the rule would do there — each condition held or not and why (in the user's
// language), the actions it would run and the ones it would skip. The server changes nothing.
import type { AutomationRuleView, RuleTestAnswer } from '@atende/shared/automation';
import { CancelOutlined, CheckCircleOutlined } from '@mui/icons-material';
import { Alert, Button, Chip, Dialog, DialogContent, DialogTitle, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useTestAutomationRule, useTicketSearch } from './use-automation-rules.ts';
import { useConditionReason } from './use-condition-reason.ts';
import { useRuleDescriptions } from './use-rule-descriptions.ts';
import type { RuleChoices } from './use-rule-choices.ts';

const TestAnswer = ({ answer, choices }: { answer: RuleTestAnswer; choices: RuleChoices }) => {
  const { t } = useTranslation();
  const describe = useRuleDescriptions(choices);
  const reasonOf = useConditionReason(choices);
  return (
    <Stack spacing={1.5} data-testid="rule-test-answer" data-matched={answer.matched}>
      <Alert severity={answer.matched ? 'success' : 'info'}>{t(answer.matched ? 'automationRules.test.matched' : 'automationRules.test.notMatched')}</Alert>
      <Typography variant="subtitle2">{t('automationRules.conditionsTitle')}</Typography>
      {answer.conditions.length === 0 && <Typography variant="body2">{t('automationRules.always')}</Typography>}
      <List dense disablePadding>
        {answer.conditions.map((outcome, index) => (
          <ListItem key={index} disableGutters data-testid="rule-test-condition" data-matched={outcome.matched}>
            <ListItemIcon sx={{ minWidth: 32 }}>{outcome.matched ? <CheckCircleOutlined color="success" fontSize="small" /> : <CancelOutlined color="error" fontSize="small" />}</ListItemIcon>
            <ListItemText primary={describe.condition(outcome.condition)} secondary={reasonOf(outcome.reason)} />
          </ListItem>
        ))}
      </List>
      <Typography variant="subtitle2">{t('automationRules.test.actions')}</Typography>
      {answer.actions.length === 0 && <Typography variant="body2">{t('automationRules.test.noActions')}</Typography>}
      <List dense disablePadding>
        {answer.actions.map((planned, index) => (
          <ListItem key={index} disableGutters data-testid="rule-test-action" data-skipped={planned.skipped}>
            <ListItemText primary={`${index + 1}. ${describe.action(planned.action)}`} />
            <Chip size="small" color={planned.skipped ? 'warning' : 'success'} label={t(planned.skipped ? 'automationRules.test.skipped' : 'automationRules.test.wouldRun')} />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
};

type RuleTestDialogProps = { rule: AutomationRuleView; choices: RuleChoices; onClose: () => void };

export const RuleTestDialog = ({ rule, choices, onClose }: RuleTestDialogProps) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const found = useTicketSearch(/^\d+$/.test(debounced) ? '' : debounced);
  const test = useTestAutomationRule(rule.id);
  const [ticketId, setTicketId] = useState<number | null>(null);
  const typedNumber = /^\d+$/.test(search.trim()) ? Number(search.trim()) : null;
  const run = (id: number) => {
    setTicketId(id);
    test.mutate(id);
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="rule-test-dialog">
      <DialogTitle>{t('automationRules.test.title', { name: rule.name })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('automationRules.test.explain')}
          </Typography>
          <Stack direction="row" spacing={1}>
            <TextField
              autoFocus
              fullWidth
              size="small"
              label={t('automationRules.test.ticket')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'rule-test-ticket' } }}
            />
            <Button variant="contained" disabled={typedNumber === null} loading={test.isPending} onClick={() => typedNumber !== null && run(typedNumber)} data-testid="rule-test-run">
              {t('automationRules.test.run')}
            </Button>
          </Stack>
          {(found.data?.tickets.length ?? 0) > 0 && (
            <List dense disablePadding data-testid="rule-test-tickets">
              {found.data?.tickets.map((ticket) => (
                <ListItemButton key={ticket.id} selected={ticket.id === ticketId} onClick={() => run(ticket.id)} data-testid="rule-test-ticket-option">
                  <ListItemText primary={`#${ticket.id} · ${ticket.contact.name}`} secondary={ticket.lastMessage} />
                </ListItemButton>
              ))}
            </List>
          )}
          {test.data && <TestAnswer answer={test.data} choices={choices} />}
        </Stack>
      </DialogContent>
      <FormDialogActions onClose={onClose} pending={false} submitTestId="rule-test-submit" cancelTestId="rule-test-close" readOnly />
    </Dialog>
  );
};
