import { useEffect } from 'react';
import { unreadPrefix } from '../../lib/format.ts';
import { useUnreadCount } from '../../lib/unread-title.ts';
import { useBranding } from './use-branding.ts';
import { useBrandingEvents } from './use-branding-events.ts';

// the product's own icon (apps/web/public), shown while no favicon is uploaded
const DEFAULT_FAVICON = '/favicon.svg';

// Keeps the tab title (unread count + app name) and favicon in step with branding, live.
export const DocumentHead = () => {
  useBrandingEvents();
  const { appName, favicon } = useBranding();
  const unread = useUnreadCount();

  useEffect(() => {
    const prefix = unreadPrefix(unread);
    document.title = prefix ? `${prefix} ${appName}` : appName;
  }, [appName, unread]);

  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) link.href = favicon || DEFAULT_FAVICON;
  }, [favicon]);

  return null;
};
