// The part of one condition that depends on its kind: the channels, connections, queues,
// statuses or priorities it accepts, the tag, the contact's field, the text or pattern, the owner.
import type { AutomationCondition } from '@atende/shared/automation';
import { connectionChannels } from '@atende/shared/connections';
import { ticketPriorities, ticketStatuses } from '@atende/shared/tickets';
import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { RuleSelectField, RuleTextField, type RuleOption } from './rule-select-field.tsx';
import type { RuleChoices } from './use-rule-choices.ts';

type ConditionValueFieldProps = { path: string; condition: AutomationCondition; choices: RuleChoices; testId: string };

const recordOptions = (records: { id: number; name: string }[]): RuleOption[] => records.map((record) => ({ value: record.id, label: record.name }));

export const ConditionValueField = ({ path, condition, choices, testId }: ConditionValueFieldProps) => {
  const { t } = useTranslation();
  const label = t(`automationRules.conditionFields.${condition.kind}`);
  const yesNo = (yes: string, no: string): RuleOption[] => [
    { value: true, label: yes },
    { value: false, label: no },
  ];
  switch (condition.kind) {
    case 'channel':
      return <RuleSelectField multiple name={`${path}.channels`} label={label} testId={`${testId}-values`} options={connectionChannels.map((channel) => ({ value: channel, label: t(`connections.channels.${channel}`) }))} />;
    case 'connection':
      return <RuleSelectField multiple name={`${path}.connectionIds`} label={label} testId={`${testId}-values`} options={recordOptions(choices.connections)} />;
    case 'queue':
      return <RuleSelectField multiple name={`${path}.queueIds`} label={label} testId={`${testId}-values`} options={recordOptions(choices.queues)} />;
    case 'status':
      return <RuleSelectField multiple name={`${path}.statuses`} label={label} testId={`${testId}-values`} options={ticketStatuses.map((status) => ({ value: status, label: t(`tickets.status.${status}`) }))} />;
    case 'priority':
      return <RuleSelectField multiple name={`${path}.priorities`} label={label} testId={`${testId}-values`} options={ticketPriorities.map((priority) => ({ value: priority, label: t(`tickets.priority.${priority}`) }))} />;
    case 'tag':
      return (
        <Stack direction="row" spacing={1}>
          <RuleSelectField name={`${path}.present`} label={t('automationRules.conditionFields.tagPresence')} testId={`${testId}-present`} options={yesNo(t('automationRules.tagPresent'), t('automationRules.tagAbsent'))} />
          <RuleSelectField name={`${path}.tagId`} label={label} testId={`${testId}-tag`} options={recordOptions(choices.tags)} />
        </Stack>
      );
    case 'contactField':
      return (
        <Stack direction="row" spacing={1}>
          <RuleTextField name={`${path}.field`} label={label} helperText={t('automationRules.contactFieldHelp')} testId={`${testId}-field`} />
          <RuleTextField name={`${path}.contains`} label={t('automationRules.conditionFields.contains')} testId={`${testId}-contains`} />
        </Stack>
      );
    case 'textContains':
      return <RuleTextField name={`${path}.text`} label={label} testId={`${testId}-text`} />;
    case 'textMatches':
      return <RuleTextField name={`${path}.pattern`} label={label} helperText={t('automationRules.patternHelp')} testId={`${testId}-pattern`} />;
    case 'serviceHours':
      return <RuleSelectField name={`${path}.within`} label={label} testId={`${testId}-within`} options={yesNo(t('automationRules.withinHours'), t('automationRules.outsideHours'))} />;
    case 'owner':
      return (
        <RuleSelectField
          name={`${path}.userId`}
          label={label}
          testId={`${testId}-owner`}
          options={[{ value: null, label: t('automationRules.nobody') }, ...recordOptions(choices.users)]}
        />
      );
    case 'firstMessage':
      return <RuleSelectField name={`${path}.first`} label={label} testId={`${testId}-first`} options={yesNo(t('automationRules.isFirstMessage'), t('automationRules.notFirstMessage'))} />;
  }
};
