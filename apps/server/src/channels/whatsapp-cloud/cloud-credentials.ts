// What a Cloud API connection keeps in its channel_config (never sent to clients).
import type { ConnectionRow } from '../../modules/connections/connections.repo.ts';

export type CloudCredentials = { phoneNumberId: string; accessToken: string };

export const cloudCredentialsOf = (connection: Pick<ConnectionRow, 'channelConfig'>): CloudCredentials | undefined => {
  const { phoneNumberId, accessToken } = connection.channelConfig;
  return phoneNumberId && accessToken ? { phoneNumberId, accessToken } : undefined;
};
