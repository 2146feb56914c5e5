import type { ConnectionView } from '@atende/shared/connections';
import type { CloudConnectionBody, FacebookConnectBody } from '@atende/shared/meta-channels';
import { api, apiRequest } from '../../lib/api-client.ts';

// 02-operations §7 Connections: session commands of WhatsApp Web, Meta account connects and
// the greeting attachment.
export const sessionApi = {
  tryAgain: (id: number) => api.post<{ message: string }>(`/whatsappsession/${id}`),
  newQr: (id: number) => api.put<{ message: string }>(`/whatsappsession/${id}`),
  disconnect: (id: number) => api.delete<{ message: string }>(`/whatsappsession/${id}`),
  restartAll: () => api.post<{ message: string }>('/whatsapp-restart/'),
  closeImported: (id: number) => api.post<{ closed: number }>(`/closedimported/${id}`),
  connectCloudApi: (body: CloudConnectionBody) => api.post<ConnectionView>('/whatsappapi/connections', body),
  connectFacebook: (body: FacebookConnectBody) => api.post<ConnectionView[]>('/facebook', body),
  uploadGreetingMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return apiRequest<ConnectionView>(`/whatsapp/${id}/media-upload`, { method: 'POST', body: form });
  },
  removeGreetingMedia: (id: number) => api.delete<ConnectionView>(`/whatsapp/${id}/media-upload`),
};
