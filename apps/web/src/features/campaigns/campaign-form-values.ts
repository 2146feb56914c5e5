import { campaignDefaults, type CampaignCreateInput, type CampaignView } from '@atende/shared/campaigns';
import { toLocalInput } from '../schedules/schedule-form-values.ts';

// the schema's input: the shared schema judges the values, which go as typed
export type CampaignFormValues = CampaignCreateInput;

export const messageFields = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;
export const confirmationFields = ['confirmationMessage1', 'confirmationMessage2', 'confirmationMessage3', 'confirmationMessage4', 'confirmationMessage5'] as const;

const emptyTexts = Object.fromEntries([...messageFields, ...confirmationFields].map((field) => [field, ''])) as Record<
  (typeof messageFields)[number] | (typeof confirmationFields)[number],
  string
>;

// 02-operations §9 Campaign defaults: INATIVA (no start time), ticket closed, openTicket disabled.
export const toCampaignFormValues = (campaign: CampaignView | null): CampaignFormValues =>
  campaign
    ? {
        ...emptyTexts,
        ...Object.fromEntries([...messageFields, ...confirmationFields].map((field) => [field, campaign[field]])),
        name: campaign.name,
        confirmation: campaign.confirmation,
        scheduledAt: campaign.scheduledAt ? toLocalInput(new Date(campaign.scheduledAt)) : '',
        contactListId: campaign.contactListId,
        tagListId: campaign.tagListId,
        whatsappId: campaign.whatsappId,
        openTicket: campaign.openTicket,
        statusTicket: campaign.statusTicket,
        userId: campaign.userId,
        queueId: campaign.queueId,
      }
    : {
        ...emptyTexts,
        name: '',
        confirmation: campaignDefaults.confirmation,
        scheduledAt: '',
        contactListId: null,
        tagListId: null,
        whatsappId: null,
        openTicket: campaignDefaults.openTicket,
        statusTicket: campaignDefaults.statusTicket,
        userId: null,
        queueId: null,
      };

// The picked local time goes to the server as an instant; empty means not scheduled.
export const toCampaignPayload = (values: CampaignFormValues): CampaignCreateInput => ({
  ...values,
  scheduledAt: values.scheduledAt ? new Date(values.scheduledAt).toISOString() : null,
});
