import type { AvatarUploadAnswer, UserCreateBody, UserUpdateBody, UsersPage, UserView } from '@atende/shared/users';
import { api, apiRequest } from '../../lib/api-client.ts';

export const usersApi = {
  page: (searchParam: string, pageNumber: number) => api.get<UsersPage>('/users', { searchParam, pageNumber }),
  get: (id: number) => api.get<UserView>(`/users/${id}`),
  // every user of the company, for pickers (01-core §7 GET /users/list)
  list: () => api.get<UserView[]>('/users/list'),
  create: (body: UserCreateBody) => api.post<UserView>('/users', body),
  update: (id: number, body: UserUpdateBody) => api.put<UserView>(`/users/${id}`, body),
  remove: (id: number) => api.delete<void>(`/users/${id}`),
  uploadAvatar: (id: number, image: Blob) => {
    const form = new FormData();
    form.append('profileImage', image, 'avatar.jpg');
    return apiRequest<AvatarUploadAnswer>(`/users/${id}/media-upload`, { method: 'POST', body: form }).then((answer) => answer.user);
  },
};
