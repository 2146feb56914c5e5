import type { CampaignDetail, CampaignShippingView, CampaignStatus, CampaignView } from '@atende/shared/campaigns';
import type { CampaignRow, CampaignShippingRow } from '../../db/schema.ts';
import type { campaignRelations } from './campaigns.repo.ts';

export type CampaignRelations = Awaited<ReturnType<typeof campaignRelations>>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const noCounts = { contacts: 0, delivered: 0, confirmationRequested: 0, confirmed: 0, failed: 0 };

export const toCampaignViews = (rows: CampaignRow[], related: CampaignRelations): CampaignView[] =>
  rows.map((row) => ({
    id: row.id,
    name: row.name,
    message1: row.message1,
    message2: row.message2,
    message3: row.message3,
    message4: row.message4,
    message5: row.message5,
    confirmationMessage1: row.confirmationMessage1,
    confirmationMessage2: row.confirmationMessage2,
    confirmationMessage3: row.confirmationMessage3,
    confirmationMessage4: row.confirmationMessage4,
    confirmationMessage5: row.confirmationMessage5,
    status: row.status as CampaignStatus,
    confirmation: row.confirmation,
    scheduledAt: iso(row.scheduledAt),
    completedAt: iso(row.completedAt),
    contactListId: row.contactListId,
    contactList: (row.contactListId && related.contactLists.get(row.contactListId)) || null,
    tagListId: row.tagListId,
    whatsappId: row.whatsappId,
    whatsapp: (row.whatsappId && related.connections.get(row.whatsappId)) || null,
    companyId: row.companyId,
    openTicket: row.openTicket === 'enabled' ? 'enabled' : 'disabled',
    statusTicket: row.statusTicket === 'open' ? 'open' : 'closed',
    userId: row.userId,
    queueId: row.queueId,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    counts: related.counts.get(row.id) ?? noCounts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));

const toShippingView = (row: CampaignShippingRow): CampaignShippingView => ({
  id: row.id,
  number: row.number,
  name: row.name,
  deliveredAt: iso(row.deliveredAt),
  confirmationRequestedAt: iso(row.confirmationRequestedAt),
  confirmedAt: iso(row.confirmedAt),
  failedAt: iso(row.failedAt),
  failureReason: row.failureReason,
});

export const toCampaignDetail = (view: CampaignView, shipping: CampaignShippingRow[]): CampaignDetail => ({ ...view, shipping: shipping.map(toShippingView) });
