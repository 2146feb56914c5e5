import { useAnnouncementEvents } from '../../features/announcements/use-announcements.ts';
import { useChatEvents } from '../../features/chats/use-chats.ts';
import { useForcedLogout } from '../../lib/realtime/use-forced-logout.ts';
import { useSettingsEvents } from '../../features/settings/use-settings-events.ts';
import { useTicketEvents } from '../../features/tickets/use-ticket-events.ts';
import { useUserEvents } from '../../features/users/use-user-events.ts';
import { useWebhookEvents } from '../../features/webhooks/use-webhook-events.ts';

// App-wide subscriptions that live as long as the signed-in shell.
export const RealtimeListeners = () => {
  useForcedLogout();
  useUserEvents();
  useSettingsEvents();
  useTicketEvents();
  useChatEvents();
  useAnnouncementEvents();
  useWebhookEvents();
  return null;
};
