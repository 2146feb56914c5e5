import { automationEndpoints, type AutomationRuleBody } from '@atende/shared/automation';
import { ticketsEndpoints } from '@atende/shared/tickets';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const automationRulesApi = {
  list: () => callEndpoint(automationEndpoints.list),
  create: (body: AutomationRuleBody) => callEndpoint(automationEndpoints.create, { body }),
  update: (id: number, body: AutomationRuleBody) => callEndpoint(automationEndpoints.update, { params: { ruleId: id }, body }),
  remove: (id: number) => callEndpoint(automationEndpoints.remove, { params: { ruleId: id } }),
  test: (id: number, ticketId: number) => callEndpoint(automationEndpoints.test, { params: { ruleId: id }, body: { ticketId } }),
  // the rule's last ticket, by its number, to open its chat (addressed by uuid)
  ticket: (ticketId: number) => callEndpoint(ticketsEndpoints.show, { params: { ticketId } }),
  // the test's ticket picker: every ticket the admin sees whose contact matches
  searchTickets: (searchParam: string) => callEndpoint(ticketsEndpoints.list, { query: { searchParam, showAll: 'true' } }),
};

export const automationRulesQueryKeys = {
  list: ['automation-rules'] as const,
  ticketSearch: (search: string) => ['automation-rules', 'ticket-search', search] as const,
};
