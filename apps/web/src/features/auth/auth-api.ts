import type { LoginBody } from '@atende/shared/auth';
import type { SessionAnswer } from '@atende/shared/users';
import { apiRequest } from '../../lib/api-client.ts';

export const loginRequest = (body: LoginBody) =>
  apiRequest<SessionAnswer>('/auth/login', { method: 'POST', body, public: true });

export const logoutRequest = () => apiRequest<void>('/auth/logout', { method: 'DELETE' });
