// A condition or an action in words, with the names of the records it points at: the test's
// answer lists them. A record that is gone shows by its number.
import type { AutomationAction, AutomationCondition } from '@atende/shared/automation';
import { useTranslation } from 'react-i18next';
import { actionParams } from '../../components/automation-actions/action-kinds.ts';
import type { RuleChoices } from './use-rule-choices.ts';

export const nameIn = (records: { id: number; name: string }[], id: number) => records.find((record) => record.id === id)?.name ?? `#${id}`;

// a contact's own fields have labels; an extra info is named as the admin wrote it
const ownContactFields = ['name', 'number', 'email'];
export const useContactFieldName = () => {
  const { t } = useTranslation();
  return (field: string) => (ownContactFields.includes(field.toLowerCase()) ? t(`contacts.fields.${field.toLowerCase()}`) : field);
};

export const useRuleDescriptions = (choices: RuleChoices) => {
  const { t } = useTranslation();
  const fieldName = useContactFieldName();
  const list = (values: string[]) => values.join(', ');

  const condition = (entry: AutomationCondition): string => {
    switch (entry.kind) {
      case 'channel':
        return t('automationRules.describe.channel', { values: list(entry.channels.map((channel) => t(`connections.channels.${channel}`))) });
      case 'connection':
        return t('automationRules.describe.connection', { values: list(entry.connectionIds.map((id) => nameIn(choices.connections, id))) });
      case 'queue':
        return t('automationRules.describe.queue', { values: list(entry.queueIds.map((id) => nameIn(choices.queues, id))) });
      case 'tag':
        return t(entry.present ? 'automationRules.describe.tagPresent' : 'automationRules.describe.tagAbsent', { tag: nameIn(choices.tags, entry.tagId) });
      case 'contactField':
        return t('automationRules.describe.contactField', { field: fieldName(entry.field), text: entry.contains });
      case 'textContains':
        return t('automationRules.describe.textContains', { text: entry.text });
      case 'textMatches':
        return t('automationRules.describe.textMatches', { pattern: entry.pattern });
      case 'serviceHours':
        return t(entry.within ? 'automationRules.withinHours' : 'automationRules.outsideHours');
      case 'status':
        return t('automationRules.describe.status', { values: list(entry.statuses.map((status) => t(`tickets.status.${status}`))) });
      case 'priority':
        return t('automationRules.describe.priority', { values: list(entry.priorities.map((priority) => t(`tickets.priority.${priority}`))) });
      case 'owner':
        return entry.userId === null ? t('automationRules.describe.noOwner') : t('automationRules.describe.owner', { name: nameIn(choices.users, entry.userId) });
      case 'firstMessage':
        return t(entry.first ? 'automationRules.isFirstMessage' : 'automationRules.notFirstMessage');
    }
  };

  const action = (entry: AutomationAction): string => {
    const kind = t(`automationActions.kinds.${entry.kind}`);
    const param = actionParams[entry.kind];
    if (!param) return kind;
    if (param.key === 'priority' && 'priority' in entry) return `${kind}: ${t(`tickets.priority.${entry.priority}`)}`;
    if (param.key === 'text' && 'text' in entry) return `${kind}: ${entry.text}`;
    if ('from' in param) return `${kind}: ${nameIn(choices[param.from], Number((entry as Record<string, unknown>)[param.key]))}`;
    return kind;
  };

  return { condition, action };
};
