import { CAMPAIGN_MEDIA_MAX_BYTES, campaignsEndpoints } from '@atende/shared/campaigns';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import type { CampaignSettingsService } from './campaign-settings.service.ts';
import type { CampaignsService } from './campaigns.service.ts';

// 02-operations §2 and §6: campaigns need useCampaigns and are hidden from profile user.
const config = { access: 'tenant', permission: 'drawer-admin-items:view', planFlag: 'useCampaigns' } as const;

// 02-operations §7 Campaigns.
export const campaignsRoutes = (service: CampaignsService, settings: CampaignSettingsService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, campaignsEndpoints.page, config, ({ query }, request) => service.list(request.tenant, query));
  endpointRoute(app, campaignsEndpoints.show, config, ({ params }, request) => service.show(request.tenant, params.campaignId));
  endpointRoute(app, campaignsEndpoints.create, config, ({ body }, request) => service.create(request.tenant, body));
  endpointRoute(app, campaignsEndpoints.update, config, ({ params, body }, request) => service.update(request.tenant, params.campaignId, body));
  endpointRoute(app, campaignsEndpoints.remove, config, ({ params }, request) => service.remove(request.tenant, params.campaignId));
  // multipart: the file as `file`
  endpointRoute(app, campaignsEndpoints.uploadMedia, config, async ({ params }, request) =>
    service.setMedia(request.tenant, params.campaignId, await readSingleUpload(request, { field: 'file', maxBytes: CAMPAIGN_MEDIA_MAX_BYTES })),
  );
  endpointRoute(app, campaignsEndpoints.removeMedia, config, ({ params }, request) => service.clearMedia(request.tenant, params.campaignId));
  endpointRoute(app, campaignsEndpoints.cancel, config, ({ params }, request) => service.cancel(request.tenant, params.campaignId));
  endpointRoute(app, campaignsEndpoints.restart, config, ({ params }, request) => service.restart(request.tenant, params.campaignId));

  endpointRoute(app, campaignsEndpoints.settings, config, (_input, request) => settings.list(request.tenant));
  endpointRoute(app, campaignsEndpoints.saveSettings, config, ({ body }, request) => settings.save(request.tenant, body));
};
