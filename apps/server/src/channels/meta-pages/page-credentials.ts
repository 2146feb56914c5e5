// What a Facebook page or Instagram connection keeps in its channel_config (never sent to
// clients): the page that speaks for it and that page's access token.
import type { ConnectionRow } from '../../modules/connections/connections.repo.ts';

export type PageCredentials = { pageId: string; accessToken: string };

export const pageCredentialsOf = (connection: Pick<ConnectionRow, 'channelConfig'>): PageCredentials | undefined => {
  const { pageId, accessToken } = connection.channelConfig;
  return pageId && accessToken ? { pageId, accessToken } : undefined;
};

export type PageChannel = 'facebook' | 'instagram';
