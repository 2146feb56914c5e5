import { usersEndpoints, type AvatarUploadAnswer, type UserCreateBody, type UserUpdateBody } from '@atende/shared/users';
import { apiRequest } from '../../lib/api-client.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const usersApi = {
  page: (searchParam: string, pageNumber: number) => callEndpoint(usersEndpoints.page, { query: { searchParam, pageNumber } }),
  get: (id: number) => callEndpoint(usersEndpoints.show, { params: { id } }),
  // every user of the company, for pickers (01-core §7 GET /users/list)
  list: () => callEndpoint(usersEndpoints.list),
  create: (body: UserCreateBody) => callEndpoint(usersEndpoints.create, { body }),
  update: (id: number, body: UserUpdateBody) => callEndpoint(usersEndpoints.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(usersEndpoints.remove, { params: { id } }),
  // a multipart upload: a plain route with no contract
  uploadAvatar: (id: number, image: Blob) => {
    const form = new FormData();
    form.append('profileImage', image, 'avatar.jpg');
    return apiRequest<AvatarUploadAnswer>(`/users/${id}/media-upload`, { method: 'POST', body: form }).then((answer) => answer.user);
  },
};
