import type { ConnectionView } from '@atende/shared/connections';
import type { EventBus } from '../../platform/events.ts';
import { TOKEN_READERS, withoutToken } from './connections.view.ts';

// company-{id}-whatsapp for the connections table and, for session changes, company-{id}-whatsappSession
// for the QR dialog: the whole company hears of them, the token and the QR code only their readers.
export const publishConnection = (bus: EventBus, view: ConnectionView, channels: { session?: boolean } = {}) => {
  const others = withoutToken(view);
  bus.publish({
    companyId: view.companyId,
    event: 'whatsapp',
    payload: { action: 'update', whatsapp: view },
    audience: { permission: TOKEN_READERS, othersGet: { action: 'update', whatsapp: others } },
  });
  if (!channels.session) return;
  bus.publish({
    companyId: view.companyId,
    event: 'whatsappSession',
    payload: { action: 'update', session: view },
    audience: { permission: TOKEN_READERS, othersGet: { action: 'update', session: others } },
  });
};
