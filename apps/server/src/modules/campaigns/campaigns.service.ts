// Campaigns (02-operations §3 Campaign, §4 Campaign status, §5, §7 Campaigns): create, list, read,
// change and delete, one attachment, cancel and restart. Saving a campaign with scheduledAt makes
// it PROGRAMADA and arms its start job in the same transaction (campaigns.jobs.ts); without it,
// it is INATIVA and nothing is armed.
import {
  CAMPAIGNS_PAGE_SIZE,
  isCampaignEditable,
  type CampaignCreateBody,
  type CampaignsListQuery,
  type CampaignsPage,
  type CampaignStatus,
  type CampaignUpdateBody,
  type CampaignView,
} from '@atende/shared/campaigns';
import { channelCan } from '@atende/shared/channel-capabilities';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { CampaignRow } from '../../db/schema.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { checkMedia } from '../../platform/media.ts';
import { openUpload, type Upload } from '../../platform/uploads.ts';
import type { Storage } from '../../platform/storage.ts';
import { findConnection } from '../connections/connections.repo.ts';
import { findContactList } from '../contact-lists/contact-lists.repo.ts';
import { findQueue } from '../queues/queues.repo.ts';
import { findTag } from '../tags/tags.repo.ts';
import { findUser } from '../users/users.repo.ts';
import * as repo from './campaigns.repo.ts';
import { armCampaignStart, disarmCampaign } from './campaigns.jobs.ts';
import { loadCampaignDetail, loadCampaignView, loadCampaignViews } from './campaign-views.repo.ts';

type Deps = { db: Db; bus: EventBus; storage: Storage; clock: Clock };

const CAMPAIGN_FOLDER = 'campaigns';
const campaignNotFound = () => notFound('ERR_NO_CAMPAIGN_FOUND');
const filled = (...texts: string[]) => texts.some((text) => text.trim() !== '');

export const createCampaignsService = ({ db, bus, storage, clock }: Deps) => {
  const publish = (companyId: number, payload: { action: 'create' | 'update'; record: CampaignView } | { action: 'delete'; id: number }) =>
    bus.publish({ companyId, event: 'campaign', payload });

  const publishRow = async (row: CampaignRow, action: 'create' | 'update' = 'update') => {
    const view = await loadCampaignView(db, row);
    publish(row.companyId, { action, record: view });
    return view;
  };

  // Another company's list, tag, connection or user is not found; an unknown queue is a field error.
  const checkReferences = async (tx: DbOrTx, companyId: number, body: CampaignUpdateBody) => {
    if (body.contactListId && !(await findContactList(tx, companyId, body.contactListId))) throw notFound('ERR_NO_CONTACT_LIST_FOUND');
    if (body.tagListId && !(await findTag(tx, companyId, body.tagListId))) throw notFound('ERR_NOT_FOUND');
    if (body.whatsappId) {
      const connection = await findConnection(tx, companyId, body.whatsappId);
      if (!connection) throw notFound('ERR_NO_WAPP_FOUND');
      if (!channelCan(connection.channel, 'campaigns')) throw invalidField('body.whatsappId', 'validation.channelWithoutCampaigns');
    }
    if (body.userId && !(await findUser(tx, companyId, body.userId))) throw notFound('ERR_NO_USER_FOUND');
    if (body.queueId && !(await findQueue(tx, companyId, body.queueId))) throw invalidField('body.queueId', 'validation.unknownQueue');
  };

  // A campaign that is to start needs a connection, an audience and something to say.
  const checkReadyToStart = (campaign: CampaignRow) => {
    if (!campaign.whatsappId) throw invalidField('body.whatsappId', 'validation.required');
    if (!campaign.contactListId && !campaign.tagListId) throw invalidField('body.contactListId', 'validation.required');
    if (!filled(campaign.message1, campaign.message2, campaign.message3, campaign.message4, campaign.message5)) {
      throw invalidField('body.message1', 'validation.required');
    }
    const confirmations = [campaign.confirmationMessage1, campaign.confirmationMessage2, campaign.confirmationMessage3, campaign.confirmationMessage4, campaign.confirmationMessage5];
    if (campaign.confirmation && !filled(...confirmations)) throw invalidField('body.confirmationMessage1', 'validation.required');
  };

  const fieldsOf = (body: CampaignUpdateBody) => {
    const { companyId: _company, status: _status, scheduledAt, ...rest } = body;
    return { ...rest, ...(scheduledAt !== undefined && { scheduledAt: scheduledAt ? new Date(scheduledAt) : null }) };
  };

  // INATIVA without a start time, PROGRAMADA with one (armed to start then, at once if past);
  // a CANCELADA campaign keeps its state until it is restarted.
  const schedule = async (tx: DbOrTx, row: CampaignRow) => {
    if (row.status === 'CANCELADA') return row;
    const status: CampaignStatus = row.scheduledAt ? 'PROGRAMADA' : 'INATIVA';
    if (row.scheduledAt) {
      checkReadyToStart(row);
      await armCampaignStart(tx, row, row.scheduledAt);
    } else {
      await disarmCampaign(tx, row.id);
    }
    return status === row.status ? row : repo.updateCampaign(tx, row.companyId, row.id, { status });
  };

  const lockOwn = async (tx: DbOrTx, tenant: TenantContext, campaignId: number) => {
    const row = await repo.lockCampaign(tx, tenant.companyId, campaignId);
    if (!row) throw campaignNotFound();
    return row;
  };

  const assertEditable = (row: CampaignRow) => {
    const status = row.status as CampaignStatus;
    if (!isCampaignEditable({ status, scheduledAt: row.scheduledAt?.toISOString() ?? null }, clock.now())) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 409);
  };

  // Replaces the attachment; the previous file goes once the row no longer points at it.
  const replaceMedia = async (tenant: TenantContext, campaignId: number, media: { path: string; name: string; type: string } | null) => {
    const { previous, row } = await withTransaction(db, async (tx) => {
      const current = await lockOwn(tx, tenant, campaignId);
      assertEditable(current);
      const updated = await repo.updateCampaign(tx, tenant.companyId, campaignId, {
        mediaPath: media?.path ?? null,
        mediaName: media?.name ?? null,
        mediaType: media?.type ?? null,
      });
      return { previous: current.mediaPath, row: updated };
    });
    if (previous) await storage.remove(tenant.companyId, CAMPAIGN_FOLDER, previous);
    return publishRow(row);
  };

  // Cancel (EM_ANDAMENTO -> CANCELADA) and restart (CANCELADA -> EM_ANDAMENTO), §4.
  const transition = async (tenant: TenantContext, campaignId: number, from: CampaignStatus, to: CampaignStatus) => {
    const row = await withTransaction(db, async (tx) => {
      const current = await lockOwn(tx, tenant, campaignId);
      if (current.status !== from) throw new AppError(from === 'EM_ANDAMENTO' ? 'ERR_CAMPAIGN_NOT_RUNNING' : 'ERR_CAMPAIGN_NOT_CANCELLED', 409);
      const updated = await repo.updateCampaign(tx, tenant.companyId, campaignId, { status: to });
      // a restart takes the audience again (new members join, those already sent to are kept)
      if (to === 'EM_ANDAMENTO') await armCampaignStart(tx, updated);
      else await disarmCampaign(tx, campaignId);
      return updated;
    });
    return publishRow(row);
  };

  return {
    list: async (tenant: TenantContext, query: CampaignsListQuery): Promise<CampaignsPage> => {
      const offset = (query.pageNumber - 1) * CAMPAIGNS_PAGE_SIZE;
      const page = await repo.listCampaigns(db, tenant.companyId, { search: query.searchParam, limit: CAMPAIGNS_PAGE_SIZE, offset });
      return { records: await loadCampaignViews(db, tenant.companyId, page.rows), count: page.count, hasMore: offset + page.rows.length < page.count };
    },

    show: async (tenant: TenantContext, campaignId: number) => {
      const row = await repo.findCampaign(db, tenant.companyId, campaignId);
      if (!row) throw campaignNotFound();
      return loadCampaignDetail(db, row);
    },

    create: async (tenant: TenantContext, body: CampaignCreateBody) => {
      const row = await withTransaction(db, async (tx) => {
        await checkReferences(tx, tenant.companyId, body);
        const inserted = await repo.insertCampaign(tx, tenant.companyId, fieldsOf(body) as repo.NewCampaign);
        return schedule(tx, inserted);
      });
      return publishRow(row, 'create');
    },

    update: async (tenant: TenantContext, campaignId: number, body: CampaignUpdateBody) => {
      const row = await withTransaction(db, async (tx) => {
        const current = await lockOwn(tx, tenant, campaignId);
        assertEditable(current);
        await checkReferences(tx, tenant.companyId, body);
        const merged = { ...current, ...fieldsOf(body) };
        if (merged.userId && !merged.queueId) throw invalidField('body.queueId', 'validation.required');
        return schedule(tx, await repo.updateCampaign(tx, tenant.companyId, campaignId, fieldsOf(body)));
      });
      return publishRow(row);
    },

    remove: async (tenant: TenantContext, campaignId: number) => {
      const row = await withTransaction(db, async (tx) => {
        const deleted = await repo.deleteCampaign(tx, tenant.companyId, campaignId);
        if (!deleted) throw campaignNotFound();
        await disarmCampaign(tx, campaignId);
        return deleted;
      });
      if (row.mediaPath) await storage.remove(tenant.companyId, CAMPAIGN_FOLDER, row.mediaPath);
      publish(tenant.companyId, { action: 'delete', id: campaignId });
    },

    setMedia: async (tenant: TenantContext, campaignId: number, upload: Upload) => {
      const current = await repo.findCampaign(db, tenant.companyId, campaignId);
      if (!current) throw campaignNotFound();
      assertEditable(current);
      const checked = await checkMedia(upload, upload.fileName);
      const name = await storage.save(tenant.companyId, CAMPAIGN_FOLDER, openUpload(upload), checked.extension);
      const path = storage.urlOf(tenant.companyId, CAMPAIGN_FOLDER, name);
      return replaceMedia(tenant, campaignId, { path, name: upload.fileName.slice(0, 255), type: checked.mediaType }).catch(async (error: unknown) => {
        await storage.remove(tenant.companyId, CAMPAIGN_FOLDER, name);
        throw error;
      });
    },

    clearMedia: (tenant: TenantContext, campaignId: number) => replaceMedia(tenant, campaignId, null),

    cancel: (tenant: TenantContext, campaignId: number) => transition(tenant, campaignId, 'EM_ANDAMENTO', 'CANCELADA'),

    restart: (tenant: TenantContext, campaignId: number) => transition(tenant, campaignId, 'CANCELADA', 'EM_ANDAMENTO'),
  };
};

export type CampaignsService = ReturnType<typeof createCampaignsService>;
