import { usersEndpoints, type UserCreateBody, type UserUpdateBody } from '@atende/shared/users';
import { sessionsEndpoints } from '@atende/shared/sessions';
import { twoFactorEndpoints } from '@atende/shared/two-factor';
import { callEndpoint, sendFormToEndpoint } from '../../lib/endpoint-client.ts';

export const usersApi = {
  page: (searchParam: string, pageNumber: number) => callEndpoint(usersEndpoints.page, { query: { searchParam, pageNumber } }),
  get: (id: number) => callEndpoint(usersEndpoints.show, { params: { id } }),
  // every user of the company, for pickers (01-core §7 GET /users/list)
  list: () => callEndpoint(usersEndpoints.list),
  create: (body: UserCreateBody) => callEndpoint(usersEndpoints.create, { body }),
  update: (id: number, body: UserUpdateBody) => callEndpoint(usersEndpoints.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(usersEndpoints.remove, { params: { id } }),
  resetTwoFactor: (id: number) => callEndpoint(twoFactorEndpoints.reset, { params: { id } }),
  endSessions: (userId: number) => callEndpoint(sessionsEndpoints.endAllOfUser, { params: { userId } }),
  uploadAvatar: (id: number, image: Blob) => {
    const form = new FormData();
    form.append('profileImage', image, 'avatar.jpg');
    return sendFormToEndpoint(usersEndpoints.uploadAvatar, form, { params: { id } }).then((answer) => answer.user);
  },
};
