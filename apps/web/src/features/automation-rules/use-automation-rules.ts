import type { AutomationRuleBody, AutomationRuleView } from '@atende/shared/automation';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toastError } from '../../lib/error-message.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { automationRulesApi, automationRulesQueryKeys } from './automation-rules-api.ts';

export const useAutomationRules = () => useQuery({ queryKey: automationRulesQueryKeys.list, queryFn: automationRulesApi.list });

export const refreshAutomationRules = (client: QueryClient) => client.invalidateQueries({ queryKey: automationRulesQueryKeys.list });

// the whole rule as PUT takes it: the API replaces a rule, it has no partial update
export const ruleBody = (rule: AutomationRuleView): AutomationRuleBody => ({
  name: rule.name,
  active: rule.active,
  trigger: rule.trigger,
  idleMinutes: rule.idleMinutes,
  conditions: rule.conditions,
  actions: rule.actions,
  position: rule.position,
});

export const useSaveAutomationRule = (rule: AutomationRuleView | null) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: (values: AutomationRuleBody) => (rule ? automationRulesApi.update(rule.id, values) : automationRulesApi.create(values)),
    store: refreshAutomationRules,
    savedToast: t('automationRules.toasts.saved'),
  });
};

export const useToggleAutomationRule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: AutomationRuleView) => automationRulesApi.update(rule.id, { ...ruleBody(rule), active: !rule.active }),
    onSuccess: () => refreshAutomationRules(queryClient),
    onError: (error) => toastError(error),
  });
};

// The rules of one trigger run by position, then id (the list comes grouped by trigger): a move
// renumbers that trigger's rules in their new order and saves those whose position changed (equal
// positions, as new rules may have, would not order them).
export const useMoveAutomationRule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ rules, rule, by }: { rules: AutomationRuleView[]; rule: AutomationRuleView; by: -1 | 1 }) => {
      const order = rules.filter((other) => other.trigger === rule.trigger);
      const from = order.indexOf(rule);
      order.splice(from, 1);
      order.splice(from + by, 0, rule);
      for (const [position, each] of order.entries()) {
        if (each.position !== position) await automationRulesApi.update(each.id, { ...ruleBody(each), position });
      }
    },
    onSettled: () => refreshAutomationRules(queryClient),
    onError: (error) => toastError(error),
  });
};

export const useTestAutomationRule = (ruleId: number) =>
  useMutation({ mutationFn: (ticketId: number) => automationRulesApi.test(ruleId, ticketId), onError: (error) => toastError(error) });

export const useTicketSearch = (search: string) =>
  useQuery({ queryKey: automationRulesQueryKeys.ticketSearch(search), queryFn: () => automationRulesApi.searchTickets(search), enabled: search.trim().length > 0 });

// The rule's last ticket opens in the chat, which is addressed by the ticket's uuid.
export const useOpenTicket = () => {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (ticketId: number) => automationRulesApi.ticket(ticketId),
    onSuccess: (ticket) => navigate(`/tickets/${ticket.uuid}`),
    onError: (error) => toastError(error),
  });
};
