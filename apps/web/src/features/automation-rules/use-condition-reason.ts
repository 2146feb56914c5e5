// Why a condition held or not on the tested ticket, in the user's language: the server answers a
// key and the facts it names (docs/automation.md, the test button); codes among them (a channel, a
// status, a priority, a contact's own field) take their labels, ids the names of their records.
import type { ConditionReason } from '@atende/shared/automation';
import { useTranslation } from 'react-i18next';
import { nameIn, useContactFieldName } from './use-rule-descriptions.ts';
import type { RuleChoices } from './use-rule-choices.ts';

export const useConditionReason = (choices: RuleChoices) => {
  const { t } = useTranslation();
  const fieldName = useContactFieldName();
  const said = (key: string, values?: Record<string, unknown>) => t(`automationRules.reasons.${key}`, values);
  // a code the catalogue has no label for is shown as it is
  const label = (prefix: string, code: string) => t(`${prefix}.${code}`, { defaultValue: code });

  return (reason: ConditionReason): string => {
    switch (reason.key) {
      case 'channelIs':
        return reason.values.channel === null ? said('noConnection') : said('channelIs', { channel: label('connections.channels', reason.values.channel) });
      case 'connectionIs':
        return reason.values.connectionId === null ? said('noConnection') : said('connectionIs', { connection: nameIn(choices.connections, reason.values.connectionId) });
      case 'queueIs':
        return reason.values.queueId === null ? said('noQueue') : said('queueIs', { queue: nameIn(choices.queues, reason.values.queueId) });
      case 'ownerIs':
        return reason.values.userId === null ? said('noOwner') : said('ownerIs', { name: nameIn(choices.users, reason.values.userId) });
      case 'statusIs':
        return said('statusIs', { status: label('tickets.status', reason.values.status) });
      case 'priorityIs':
        return said('priorityIs', { priority: label('tickets.priority', reason.values.priority) });
      case 'contactLacksField':
        return said('contactLacksField', { field: fieldName(reason.values.field) });
      case 'contactFieldIs':
        return said('contactFieldIs', { field: fieldName(reason.values.field), value: reason.values.value });
      case 'messageIs':
        return reason.values.text === '' ? said('noMessage') : said('messageIs', { text: reason.values.text });
      case 'customerMessages':
        return said('customerMessages', { count: reason.values.count });
      case 'contactHasTag':
      case 'contactLacksTag':
      case 'withinServiceHours':
      case 'outsideServiceHours':
        return said(reason.key);
    }
  };
};
