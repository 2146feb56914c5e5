import type { ConnectionUpdateInput, ConnectionView } from '@atende/shared/connections';
import type { WeekdayServiceHours } from '@atende/shared/service-hours';
import { weekWithDefaults } from '../../lib/week-service-hours.ts';

// Numbers are kept as typed (text) so a field can be emptied; the payload turns them back.
type NumberInput = number | string;

export type ConnectionFormValues = {
  name: string;
  isDefault: boolean;
  queueIds: number[];
  groupAsTicket: 'enabled' | 'disabled';
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  collectiveVacationMessage: string;
  collectiveVacationStart: string;
  collectiveVacationEnd: string;
  maxUseBotQueues: NumberInput;
  timeUseBotQueues: NumberInput;
  timeSendQueue: NumberInput;
  sendIdQueue: number | '';
  timeCreateNewTicket: NumberInput;
  expiresTicket: NumberInput;
  whenExpiresTicket: '0' | '1';
  expiresInactiveMessage: string;
  timeInactiveMessage: NumberInput;
  inactiveMessage: string;
  ratingMessage: string;
  expiresTicketNPS: NumberInput;
  maxUseBotQueuesNPS: NumberInput;
  schedules: WeekdayServiceHours[];
  enableImportMessage: boolean;
  importOldMessages: string;
  importRecentMessages: string;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  queueIdImportMessages: number | '';
  promptId: number | '';
  integrationId: number | '';
};

export type ConnectionTab = 'general' | 'integrations' | 'messages' | 'chatbot' | 'nps' | 'schedules';

// Which tab shows a field, so a refused save opens the tab holding the first error.
const fieldTabs: Record<keyof ConnectionFormValues, ConnectionTab> = {
  name: 'general',
  isDefault: 'general',
  queueIds: 'general',
  groupAsTicket: 'general',
  greetingMessage: 'messages',
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
  collectiveVacationMessage: 'messages',
  collectiveVacationStart: 'messages',
  collectiveVacationEnd: 'messages',
  maxUseBotQueues: 'chatbot',
  timeUseBotQueues: 'chatbot',
  timeSendQueue: 'chatbot',
  sendIdQueue: 'chatbot',
  timeCreateNewTicket: 'chatbot',
  expiresTicket: 'chatbot',
  whenExpiresTicket: 'chatbot',
  expiresInactiveMessage: 'chatbot',
  timeInactiveMessage: 'chatbot',
  inactiveMessage: 'chatbot',
  ratingMessage: 'nps',
  expiresTicketNPS: 'nps',
  maxUseBotQueuesNPS: 'nps',
  schedules: 'schedules',
  enableImportMessage: 'general',
  importOldMessages: 'general',
  importRecentMessages: 'general',
  importOldMessagesGroups: 'general',
  closedTicketsPostImported: 'general',
  queueIdImportMessages: 'general',
  promptId: 'integrations',
  integrationId: 'integrations',
};

export const tabOfField = (path: string): ConnectionTab => fieldTabs[path.split('.')[0] as keyof ConnectionFormValues] ?? 'general';

export const toConnectionFormValues = (connection: ConnectionView | null, label: (weekday: string) => string): ConnectionFormValues => ({
  name: connection?.name ?? '',
  isDefault: connection?.isDefault ?? false,
  queueIds: connection?.queues.map((queue) => queue.id) ?? [],
  groupAsTicket: connection?.groupAsTicket ?? 'disabled',
  greetingMessage: connection?.greetingMessage ?? '',
  complationMessage: connection?.complationMessage ?? '',
  outOfHoursMessage: connection?.outOfHoursMessage ?? '',
  collectiveVacationMessage: connection?.collectiveVacationMessage ?? '',
  collectiveVacationStart: connection?.collectiveVacationStart?.slice(0, 10) ?? '',
  collectiveVacationEnd: connection?.collectiveVacationEnd?.slice(0, 10) ?? '',
  maxUseBotQueues: connection?.maxUseBotQueues ?? 3,
  timeUseBotQueues: connection?.timeUseBotQueues ?? 0,
  timeSendQueue: connection?.timeSendQueue ?? 0,
  sendIdQueue: connection?.sendIdQueue ?? '',
  timeCreateNewTicket: connection?.timeCreateNewTicket ?? 0,
  expiresTicket: connection?.expiresTicket ?? 0,
  whenExpiresTicket: connection?.whenExpiresTicket ?? '0',
  expiresInactiveMessage: connection?.expiresInactiveMessage ?? '',
  timeInactiveMessage: connection?.timeInactiveMessage ?? 0,
  inactiveMessage: connection?.inactiveMessage ?? '',
  ratingMessage: connection?.ratingMessage ?? '',
  expiresTicketNPS: connection?.expiresTicketNPS ?? 0,
  maxUseBotQueuesNPS: connection?.maxUseBotQueuesNPS ?? 3,
  schedules: weekWithDefaults(connection?.schedules, label),
  enableImportMessage: connection?.enableImportMessage ?? false,
  importOldMessages: connection?.importOldMessages ?? '',
  importRecentMessages: connection?.importRecentMessages ?? '',
  importOldMessagesGroups: connection?.importOldMessagesGroups ?? false,
  closedTicketsPostImported: connection?.closedTicketsPostImported ?? false,
  queueIdImportMessages: connection?.queueIdImportMessages ?? '',
  promptId: connection?.promptId ?? '',
  integrationId: connection?.integrationId ?? '',
});

// Only WhatsApp (Baileys) connections import their history (02-operations §4 Message import).
export const importsHistory = (channel: string) => channel === 'whatsapp';

const count = (value: NumberInput) => (value === '' ? 0 : Number(value));

// The body the API takes: an empty redirect time stays '' (the schema reads it as 0, 02-operations
// §5), other emptied numbers are 0, no redirect queue or vacation date is null. The import fields go
// only for connections that import history; with the import off only the switch goes, so hidden
// dates cannot block a save.
export const toConnectionPayload = (values: ConnectionFormValues, withSchedules: boolean, withImport: boolean): ConnectionUpdateInput => {
  const {
    schedules,
    sendIdQueue,
    collectiveVacationStart,
    collectiveVacationEnd,
    timeSendQueue,
    enableImportMessage,
    importOldMessages,
    importRecentMessages,
    importOldMessagesGroups,
    closedTicketsPostImported,
    queueIdImportMessages,
    promptId,
    integrationId,
    ...rest
  } = values;
  return {
    ...rest,
    maxUseBotQueues: count(values.maxUseBotQueues),
    timeUseBotQueues: count(values.timeUseBotQueues),
    timeSendQueue: timeSendQueue === '' ? '' : Number(timeSendQueue),
    sendIdQueue: sendIdQueue === '' ? null : sendIdQueue,
    promptId: promptId === '' ? null : promptId,
    integrationId: integrationId === '' ? null : integrationId,
    timeCreateNewTicket: count(values.timeCreateNewTicket),
    expiresTicket: count(values.expiresTicket),
    timeInactiveMessage: count(values.timeInactiveMessage),
    expiresTicketNPS: count(values.expiresTicketNPS),
    maxUseBotQueuesNPS: count(values.maxUseBotQueuesNPS),
    collectiveVacationStart: collectiveVacationStart || null,
    collectiveVacationEnd: collectiveVacationEnd || null,
    ...(withSchedules ? { schedules } : {}),
    ...(withImport && !enableImportMessage ? { enableImportMessage } : {}),
    ...(withImport && enableImportMessage
      ? {
          enableImportMessage,
          importOldMessages: importOldMessages || null,
          importRecentMessages: importRecentMessages || null,
          importOldMessagesGroups,
          closedTicketsPostImported,
          queueIdImportMessages: queueIdImportMessages === '' ? null : queueIdImportMessages,
        }
      : {}),
  };
};
