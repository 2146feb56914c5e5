import type { LoginBody, PasswordChangeBody } from '@atende/shared/auth';
import type { SessionAnswer, SessionUser } from '@atende/shared/users';
import { api, apiRequest } from '../../lib/api-client.ts';

export const loginRequest = (body: LoginBody) =>
  apiRequest<SessionAnswer>('/auth/login', { method: 'POST', body, public: true });

export const logoutRequest = () => apiRequest<void>('/auth/logout', { method: 'DELETE' });

export const changePasswordRequest = (body: PasswordChangeBody) => api.put<SessionUser>('/auth/password', body);
