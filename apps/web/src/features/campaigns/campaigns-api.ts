import { campaignsEndpoints, campaignUpdateBody, type CampaignCreateInput, type CampaignSettingsBody } from '@atende/shared/campaigns';
import type { z } from 'zod';
import { callEndpoint, sendFormToEndpoint } from '../../lib/endpoint-client.ts';

export const campaignsApi = {
  page: (searchParam: string, pageNumber: number) => callEndpoint(campaignsEndpoints.page, { query: { searchParam: searchParam || undefined, pageNumber } }),
  get: (id: number) => callEndpoint(campaignsEndpoints.show, { params: { campaignId: id } }),
  create: (body: CampaignCreateInput) => callEndpoint(campaignsEndpoints.create, { body }),
  update: (id: number, body: z.input<typeof campaignUpdateBody>) => callEndpoint(campaignsEndpoints.update, { params: { campaignId: id }, body }),
  remove: (id: number) => callEndpoint(campaignsEndpoints.remove, { params: { campaignId: id } }),
  cancel: (id: number) => callEndpoint(campaignsEndpoints.cancel, { params: { campaignId: id } }),
  restart: (id: number) => callEndpoint(campaignsEndpoints.restart, { params: { campaignId: id } }),
  uploadMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return sendFormToEndpoint(campaignsEndpoints.uploadMedia, form, { params: { campaignId: id } });
  },
  removeMedia: (id: number) => callEndpoint(campaignsEndpoints.removeMedia, { params: { campaignId: id } }),
  settings: () => callEndpoint(campaignsEndpoints.settings),
  saveSettings: (body: CampaignSettingsBody) => callEndpoint(campaignsEndpoints.saveSettings, { body }),
};

export const campaignsQueryKeys = {
  pages: (search: string) => ['campaigns', 'pages', search] as const,
  allPages: ['campaigns', 'pages'] as const,
  one: (id: number) => ['campaigns', 'one', id] as const,
  settings: ['campaign-settings'] as const,
};
