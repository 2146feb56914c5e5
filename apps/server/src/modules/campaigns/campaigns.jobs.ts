// Sending a campaign (02-operations §3 Campaign, §4 Campaign status) on the one job runner, at
// bulk priority so attendants' replies go first:
// - campaign.start (due at scheduledAt, or at once on a restart): PROGRAMADA becomes EM_ANDAMENTO,
//   the audience becomes shipping rows (one per number; a restart adds only the new members),
//   and the first step is enqueued;
// - campaign.step: inside the sending window, sends to the next members and marks their rows in
//   the same transaction (so a crash and a rerun never send twice), then enqueues the next step
//   after the pause the settings ask for; with no member left the campaign is FINALIZADA;
// - campaign.deliver: the main message to a member who answered the confirmation message.
// Every job of a campaign carries its id as singleton key, so cancelling deletes what is waiting.
// A campaign saved on a connection whose channel cannot run campaigns (Facebook, Instagram,
// Telegram, web chat, email: saving one is refused since issue 41 point 4, not before) sends
// nothing when it runs: its members fail with the save refusal's reason and it ends FINALIZADA.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { CampaignSettingsValues } from '@atende/shared/campaigns';
import { channelCan } from '@atende/shared/channel-capabilities';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { CampaignRow, CampaignShippingRow } from '../../db/schema.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { defineJobKind, type JobHandler } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { cancelJobs, enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { findConnection } from '../connections/connections.repo.ts';
import { sightContact } from '../contacts/contact-sightings.steps.ts';
import { findContact } from '../contacts/contacts.repo.ts';
import { attachedMedia, sendBulkMessage } from '../tickets/bulk-message.service.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import { recordWebhookEvent } from '../webhooks/webhooks.steps.ts';
import * as repo from './campaigns.repo.ts';
import { nextSendingTime, pauseAfter, pickMessage, renderCampaignText, settingsFromEntries } from './campaigns.rules.ts';
import { loadCampaignView } from './campaign-views.repo.ts';

const campaignPayload = z.object({ companyId: z.number().int().positive(), campaignId: z.number().int().positive() });

export const campaignStartJob = defineJobKind({ name: 'campaign.start', payload: campaignPayload, priority: 'bulk' });
export const campaignStepJob = defineJobKind({ name: 'campaign.step', payload: campaignPayload, priority: 'bulk' });
export const campaignDeliverJob = defineJobKind({
  name: 'campaign.deliver',
  payload: campaignPayload.extend({ shippingId: z.number().int().positive() }),
  priority: 'bulk',
});

type CampaignJob = z.infer<typeof campaignPayload>;
type DeliverJob = z.infer<typeof campaignDeliverJob.payload>;

// With no pause between messages, one step sends up to this many in one transaction. Kept small:
// on PGlite the transaction holds the one database, and the process, while it runs, so a longer
// one leaves every request (an attendant's reply too) waiting behind it.
const STEP_BATCH = 10;

const singletonOf = (campaignId: number) => `campaign:${campaignId}`;

export const armCampaignStart = (tx: DbOrTx, campaign: Pick<CampaignRow, 'companyId' | 'id'>, runAt?: Date) =>
  enqueueJob(tx, campaignStartJob, { companyId: campaign.companyId, campaignId: campaign.id }, { singletonKey: singletonOf(campaign.id), runAt });

// Deletes the start or step waiting; deliveries already asked for check the status themselves.
export const disarmCampaign = (tx: DbOrTx, campaignId: number) => cancelJobs(tx, [campaignStartJob.name, campaignStepJob.name], singletonOf(campaignId));

// Called in the inbound pipeline's transaction: a contact's message confirms the campaigns that
// asked it, and their main messages are queued.
export const confirmCampaignReplies = async (tx: DbOrTx, companyId: number, contactId: number, at: Date) => {
  const confirmed = await repo.confirmShippingOf(tx, companyId, contactId, at);
  for (const row of confirmed) await enqueueJob(tx, campaignDeliverJob, { companyId, campaignId: row.campaignId, shippingId: row.id });
};

type Deps = { db: Db; clock: Clock; timeZone: string; bus: EventBus; tickets: TicketsService; log: Pick<FastifyBaseLogger, 'warn'>; random?: () => number };

// why the members of a campaign on a channel without campaigns failed (docs/channels.md)
const CHANNEL_WITHOUT_CAMPAIGNS = 'validation.channelWithoutCampaigns';

// Why a member could not be sent to; kept on the row (failedAt) and counted as failed.
class RecipientError extends Error {}

type Sent = Awaited<ReturnType<typeof sendBulkMessage>>;

export const registerCampaignJobs = (runner: Pick<JobRunner, 'register'>, deps: Deps) => {
  const random = deps.random ?? Math.random;

  // after the commit: the messages, then the campaign read afresh with the counts just changed
  const publishing = (campaign: CampaignRow, sends: Sent[]) => async () => {
    for (const sent of sends) {
      for (const row of sent.rows) await deps.tickets.publishMessage(sent.ticket, row);
      if (sent.ticket.status === 'closed') await deps.tickets.publishTicket(sent.ticket);
    }
    const current = await repo.findCampaign(deps.db, campaign.companyId, campaign.id);
    if (current) deps.bus.publish({ companyId: campaign.companyId, event: 'campaign', payload: { action: 'update', record: await loadCampaignView(deps.db, current) } });
  };

  const send = async (tx: Tx, campaign: CampaignRow, settings: CampaignSettingsValues, row: CampaignShippingRow, texts: string[], now: Date) => {
    const connection = campaign.whatsappId ? await findConnection(tx, campaign.companyId, campaign.whatsappId) : undefined;
    if (!connection) throw new RecipientError('ERR_NO_WAPP_FOUND');
    if (!channelCan(connection.channel, 'campaigns')) throw new RecipientError(CHANNEL_WITHOUT_CAMPAIGNS);
    const contact = row.contactId
      ? await findContact(tx, campaign.companyId, row.contactId)
      : await sightContact(tx, campaign.companyId, { number: row.number, name: row.name, channel: connection.channel, isGroup: false, whatsappId: connection.id });
    if (!contact) throw new RecipientError('ERR_NO_CONTACT_FOUND');
    const template = pickMessage(texts, random);
    if (template === undefined) throw new RecipientError('ERR_CAMPAIGN_NO_MESSAGE');
    try {
      const sent = await withTransaction(tx, (inner) =>
        sendBulkMessage(
          inner,
          {
            contact,
            connection,
            text: renderCampaignText(template, row, settings.variables, now, deps.timeZone),
            medias: attachedMedia(campaign.mediaPath, campaign.mediaType),
            authorId: null,
            ticket: {
              openTicket: campaign.openTicket === 'enabled',
              userId: campaign.userId,
              queueId: campaign.queueId,
              keepOpen: campaign.statusTicket === 'open',
            },
          },
          now,
        ),
      );
      return { sent, contactId: contact.id };
    } catch (error) {
      if (error instanceof AppError) throw new RecipientError(error.code);
      throw error;
    }
  };

  const mainTexts = (campaign: CampaignRow) => [campaign.message1, campaign.message2, campaign.message3, campaign.message4, campaign.message5];
  const confirmationTexts = (campaign: CampaignRow) => [
    campaign.confirmationMessage1,
    campaign.confirmationMessage2,
    campaign.confirmationMessage3,
    campaign.confirmationMessage4,
    campaign.confirmationMessage5,
  ];

  const lockFirst = (tx: Tx, job: CampaignJob) => repo.lockCampaign(tx, job.companyId, job.campaignId);

  const finish = async (tx: Tx, campaign: CampaignRow, now: Date) => {
    const finished = await repo.updateCampaign(tx, campaign.companyId, campaign.id, { status: 'FINALIZADA', completedAt: now });
    await recordWebhookEvent(tx, { companyId: campaign.companyId, event: 'campaign.finished', data: async () => ({ campaign: await loadCampaignView(tx, finished) }) });
    return publishing(finished, []);
  };

  // the campaign's connection, when its channel cannot run campaigns
  const refusedConnection = async (tx: Tx, campaign: CampaignRow) => {
    const connection = campaign.whatsappId ? await findConnection(tx, campaign.companyId, campaign.whatsappId) : undefined;
    return connection && !channelCan(connection.channel, 'campaigns') ? connection : undefined;
  };

  const start: JobHandler<CampaignJob> = {
    lockFirst,
    runInTransaction: async (tx, job) => {
      const campaign = await repo.lockCampaign(tx, job.companyId, job.campaignId);
      if (!campaign || (campaign.status !== 'PROGRAMADA' && campaign.status !== 'EM_ANDAMENTO')) return undefined;
      const running = campaign.status === 'EM_ANDAMENTO' ? campaign : await repo.updateCampaign(tx, campaign.companyId, campaign.id, { status: 'EM_ANDAMENTO' });
      await repo.expandAudience(tx, running);
      await enqueueJob(tx, campaignStepJob, job, { singletonKey: singletonOf(campaign.id) });
      return publishing(running, []);
    },
  };

  const step: JobHandler<CampaignJob> = {
    lockFirst,
    runInTransaction: async (tx, job) => {
      const campaign = await repo.lockCampaign(tx, job.companyId, job.campaignId);
      if (!campaign || campaign.status !== 'EM_ANDAMENTO') return undefined;
      const now = deps.clock.now();
      const refused = await refusedConnection(tx, campaign);
      if (refused) {
        const failed = await repo.failPendingShipping(tx, campaign, now, CHANNEL_WITHOUT_CAMPAIGNS);
        deps.log.warn(
          { companyId: campaign.companyId, campaignId: campaign.id, connectionId: refused.id, channel: refused.channel, failed },
          "campaign not sent: its connection's channel cannot run campaigns",
        );
        return finish(tx, campaign, now);
      }
      const settings = settingsFromEntries(await repo.readCampaignSettings(tx, campaign.companyId));
      const opensAt = nextSendingTime(now, settings, deps.timeZone);
      if (opensAt > now) {
        await enqueueJob(tx, campaignStepJob, job, { singletonKey: singletonOf(campaign.id), runAt: opensAt });
        return undefined;
      }
      const pending = await repo.nextPendingShipping(tx, campaign, STEP_BATCH);
      if (!pending.length) return finish(tx, campaign, now);
      let sentCount = await repo.countSends(tx, campaign);
      let pause = 0;
      const sends: Sent[] = [];
      for (const row of pending) {
        try {
          const { sent, contactId } = await send(tx, campaign, settings, row, campaign.confirmation ? confirmationTexts(campaign) : mainTexts(campaign), now);
          sends.push(sent);
          await repo.updateShipping(tx, campaign.companyId, row.id, campaign.confirmation ? { contactId, confirmationRequestedAt: now } : { contactId, deliveredAt: now });
          sentCount += 1;
          pause = pauseAfter(sentCount, settings);
        } catch (error) {
          if (!(error instanceof RecipientError)) throw error;
          await repo.updateShipping(tx, campaign.companyId, row.id, { failedAt: now, failureReason: error.message });
        }
        if (pause > 0) break;
      }
      await enqueueJob(tx, campaignStepJob, job, { singletonKey: singletonOf(campaign.id), runAt: new Date(now.getTime() + pause * 1000) });
      return publishing(campaign, sends);
    },
  };

  const deliver: JobHandler<DeliverJob> = {
    lockFirst,
    runInTransaction: async (tx, job) => {
      const campaign = await repo.lockCampaign(tx, job.companyId, job.campaignId);
      if (!campaign || campaign.status === 'CANCELADA') return undefined;
      const row = await repo.lockShipping(tx, job.companyId, job.shippingId);
      if (!row || row.deliveredAt || row.failedAt || !row.confirmedAt) return undefined;
      const settings = settingsFromEntries(await repo.readCampaignSettings(tx, campaign.companyId));
      const now = deps.clock.now();
      try {
        const { sent } = await send(tx, campaign, settings, row, mainTexts(campaign), now);
        await repo.updateShipping(tx, campaign.companyId, row.id, { deliveredAt: now });
        return publishing(campaign, [sent]);
      } catch (error) {
        if (!(error instanceof RecipientError)) throw error;
        await repo.updateShipping(tx, campaign.companyId, row.id, { failedAt: now, failureReason: error.message });
        return publishing(campaign, []);
      }
    },
  };

  runner.register(campaignStartJob, start);
  runner.register(campaignStepJob, step);
  runner.register(campaignDeliverJob, deliver);
};
