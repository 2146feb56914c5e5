import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CAMPAIGN_MEDIA_MAX_BYTES, campaignCreateBody, campaignParams, campaignSettingsBody, campaignsListQuery, campaignUpdateBody } from '@atende/shared/campaigns';
import { readSingleUpload } from '../../platform/uploads.ts';
import type { CampaignSettingsService } from './campaign-settings.service.ts';
import type { CampaignsService } from './campaigns.service.ts';

// 02-operations §2 and §6: campaigns need useCampaigns and are hidden from profile user.
const config = { access: 'tenant', permission: 'drawer-admin-items:view', planFlag: 'useCampaigns' } as const;

// 02-operations §7 Campaigns.
export const campaignsRoutes = (service: CampaignsService, settings: CampaignSettingsService): FastifyPluginAsyncZod => async (app) => {
  app.get('/campaigns', { config, schema: { querystring: campaignsListQuery } }, (request) => service.list(request.tenant, request.query));

  app.get('/campaigns/:campaignId', { config, schema: { params: campaignParams } }, (request) => service.show(request.tenant, request.params.campaignId));

  app.post('/campaigns', { config, schema: { body: campaignCreateBody } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.tenant, request.body)),
  );

  app.put('/campaigns/:campaignId', { config, schema: { params: campaignParams, body: campaignUpdateBody } }, (request) =>
    service.update(request.tenant, request.params.campaignId, request.body),
  );

  app.delete('/campaigns/:campaignId', { config, schema: { params: campaignParams } }, async (request, reply) => {
    await service.remove(request.tenant, request.params.campaignId);
    return reply.status(204).send();
  });

  app.post('/campaigns/:campaignId/media-upload', { config, schema: { params: campaignParams } }, async (request) => {
    const upload = await readSingleUpload(request, { field: 'file', maxBytes: CAMPAIGN_MEDIA_MAX_BYTES });
    return service.setMedia(request.tenant, request.params.campaignId, upload);
  });

  app.delete('/campaigns/:campaignId/media-upload', { config, schema: { params: campaignParams } }, (request) =>
    service.clearMedia(request.tenant, request.params.campaignId),
  );

  app.post('/campaigns/:campaignId/cancel', { config, schema: { params: campaignParams } }, (request) => service.cancel(request.tenant, request.params.campaignId));

  app.post('/campaigns/:campaignId/restart', { config, schema: { params: campaignParams } }, (request) => service.restart(request.tenant, request.params.campaignId));

  app.get('/campaign-settings', { config }, (request) => settings.list(request.tenant));

  app.post('/campaign-settings', { config, schema: { body: campaignSettingsBody } }, (request) => settings.save(request.tenant, request.body));
};
