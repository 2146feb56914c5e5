import type {
  CampaignCreateBody,
  CampaignDetail,
  CampaignSettingEntry,
  CampaignSettingsBody,
  CampaignsPage,
  CampaignUpdateBody,
  CampaignView,
} from '@atende/shared/campaigns';
import { api } from '../../lib/api-client.ts';

export const campaignsApi = {
  page: (searchParam: string, pageNumber: number) => api.get<CampaignsPage>('/campaigns', { searchParam: searchParam || undefined, pageNumber }),
  get: (id: number) => api.get<CampaignDetail>(`/campaigns/${id}`),
  create: (body: CampaignCreateBody) => api.post<CampaignView>('/campaigns', body),
  update: (id: number, body: CampaignUpdateBody) => api.put<CampaignView>(`/campaigns/${id}`, body),
  remove: (id: number) => api.delete<void>(`/campaigns/${id}`),
  cancel: (id: number) => api.post<CampaignView>(`/campaigns/${id}/cancel`),
  restart: (id: number) => api.post<CampaignView>(`/campaigns/${id}/restart`),
  uploadMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<CampaignView>(`/campaigns/${id}/media-upload`, form);
  },
  removeMedia: (id: number) => api.delete<CampaignView>(`/campaigns/${id}/media-upload`),
  settings: () => api.get<CampaignSettingEntry[]>('/campaign-settings'),
  saveSettings: (body: CampaignSettingsBody) => api.post<CampaignSettingEntry[]>('/campaign-settings', body),
};

export const campaignsQueryKeys = {
  pages: (search: string) => ['campaigns', 'pages', search] as const,
  allPages: ['campaigns', 'pages'] as const,
  one: (id: number) => ['campaigns', 'one', id] as const,
  settings: ['campaign-settings'] as const,
};
