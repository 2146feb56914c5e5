// A web chat connection's settings live in its channel_config (strings only): the allowed website
// origins space-separated, the colour, the greeting and the pre-chat form's switch.
import type { WebchatSettings } from '@atende/shared/webchat';
import type { ConnectionRow } from '../../modules/connections/connections.repo.ts';

export const webchatChannelConfig = (settings: WebchatSettings): Record<string, string> => ({
  allowedOrigins: [...new Set(settings.allowedOrigins)].join(' '),
  color: settings.color,
  greeting: settings.greeting,
  preChatForm: String(settings.preChatForm),
});

export const webchatSettingsOf = (connection: Pick<ConnectionRow, 'channelConfig'>): WebchatSettings => {
  const config = connection.channelConfig;
  return {
    allowedOrigins: (config.allowedOrigins ?? '').split(' ').filter(Boolean),
    color: config.color ?? '#1976d2',
    greeting: config.greeting ?? '',
    preChatForm: config.preChatForm === 'true',
  };
};

// The browser's Origin header against the connection's list; a call without one is not a page's.
export const isAllowedOrigin = (connection: Pick<ConnectionRow, 'channelConfig'>, origin: string | undefined) =>
  origin !== undefined && webchatSettingsOf(connection).allowedOrigins.includes(origin.toLowerCase());
