import type { AvatarUploadAnswer, QueueSummary, UserCreateBody, UserUpdateBody, UsersPage, UserView } from '@atende/shared/users';
import { api, apiRequest } from '../../lib/api-client.ts';

export type ConnectionSummary = { id: number; name: string; channel: string; status: string; isDefault: boolean };

export const usersApi = {
  page: (searchParam: string, pageNumber: number) => api.get<UsersPage>('/users', { searchParam, pageNumber }),
  get: (id: number) => api.get<UserView>(`/users/${id}`),
  create: (body: UserCreateBody) => api.post<UserView>('/users', body),
  update: (id: number, body: UserUpdateBody) => api.put<UserView>(`/users/${id}`, body),
  remove: (id: number) => api.delete<void>(`/users/${id}`),
  uploadAvatar: (id: number, image: Blob) => {
    const form = new FormData();
    form.append('profileImage', image, 'avatar.jpg');
    return apiRequest<AvatarUploadAnswer>(`/users/${id}/media-upload`, { method: 'POST', body: form }).then((answer) => answer.user);
  },
  queues: () => api.get<QueueSummary[]>('/queue'),
  connections: () => api.get<ConnectionSummary[]>('/whatsapp'),
};
