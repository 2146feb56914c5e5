import { authEndpoints, type LoginBody, type PasswordChangeBody, type TwoFactorLoginBody } from '@atende/shared/auth';
import { callEndpoint } from '../endpoint-client.ts';

export const loginRequest = (body: LoginBody) => callEndpoint(authEndpoints.login, { body }, { public: true });

export const loginTwoFactorRequest = (body: TwoFactorLoginBody) => callEndpoint(authEndpoints.loginTwoFactor, { body }, { public: true });

export const logoutRequest = () => callEndpoint(authEndpoints.logout);

export const changePasswordRequest = (body: PasswordChangeBody) => callEndpoint(authEndpoints.changePassword, { body });
