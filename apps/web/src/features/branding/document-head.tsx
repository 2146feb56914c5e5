import { useEffect } from 'react';
import { unreadPrefix } from '../../lib/format.ts';
import { useUnreadCount } from '../../lib/unread-title.ts';
import { useBranding } from './use-branding.ts';

// Keeps the tab title (unread count + app name) and favicon in step with branding.
export const DocumentHead = () => {
  const { appName, favicon } = useBranding();
  const unread = useUnreadCount();

  useEffect(() => {
    const prefix = unreadPrefix(unread);
    document.title = prefix ? `${prefix} ${appName}` : appName;
  }, [appName, unread]);

  useEffect(() => {
    if (!favicon) return;
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) link.href = favicon;
  }, [favicon]);

  return null;
};
