import type { PlaceholderSet } from '@atende/shared/placeholders';
import { companySettingChoices, companySettingKeys, companyTextSettingKeys, type CompanySettingKey } from '@atende/shared/settings';

export type SettingsSection = { key: 'general' | 'tickets' | 'lgpd' | 'email'; settings: readonly CompanySettingKey[] };

const listed: SettingsSection[] = [
  {
    key: 'general',
    settings: [
      'userRating', 'scheduleType', 'chatBotType', 'userRandom', 'acceptCallWhatsapp', 'AcceptCallWhatsappMessage',
      'acceptAudioMessageContact', 'showNotificationPending', 'campaignsEnabled', 'requiredTag', 'singleSession',
      'twoFactorRequired',
    ],
  },
  {
    key: 'tickets',
    settings: [
      'sendGreetingMessageOneQueues', 'sendSignMessage', 'sendFarewellWaitingTicket', 'sendGreetingAccepted',
      'greetingAcceptedMessage', 'sendQueuePosition', 'sendQueuePositionMessage', 'sendMsgTransfTicket', 'transferMessage',
      'DirectTicketsToWallets', 'closeTicketOnTransfer',
    ],
  },
  { key: 'lgpd', settings: ['enableLGPD', 'lgpdDeleteMessage', 'lgpdHideNumber', 'lgpdConsent', 'lgpdMessage', 'lgpdLink'] },
  { key: 'email', settings: ['emailSenderName', 'emailSignature'] },
];

// any key not placed above still shows, at the end of the first section
const placed = new Set(listed.flatMap((section) => section.settings));
const unplaced = companySettingKeys.filter((key) => !placed.has(key));
export const settingsSections: readonly SettingsSection[] = listed.map((section, index) =>
  index === 0 ? { ...section, settings: [...section.settings, ...unplaced] } : section,
);

export type SettingKind = { type: 'text' } | { type: 'select'; choices: readonly string[] };
export const settingKind = (key: CompanySettingKey): SettingKind =>
  companyTextSettingKeys.includes(key)
    ? { type: 'text' }
    : { type: 'select', choices: companySettingChoices[key] ?? ['enabled', 'disabled'] };

// settings whose effect the label alone does not tell: a help text (settings.help.<key>) under them
export const settingsWithHelp: ReadonlySet<CompanySettingKey> = new Set(['singleSession', 'twoFactorRequired', 'emailSignature']);

// The texts sent to customers with placeholders, and the kind they are rendered as (issue 35 point 1).
export const settingPlaceholders: Partial<Record<CompanySettingKey, PlaceholderSet>> = {
  greetingAcceptedMessage: 'attendant',
  transferMessage: 'attendant',
};
