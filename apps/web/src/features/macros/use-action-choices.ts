import { can } from '@atende/shared/permissions';
import type { ActionChoices } from '../../components/automation-actions/action-kinds.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { useQueueOptions } from '../queues/use-queues.ts';
import { useQuickMessagesList } from '../quick-messages/use-quick-messages.ts';
import { useKanbanLanes, useTagsList } from '../tags/use-tags.ts';
import { useUsersList } from '../users/use-users.ts';
import { useWebhookEndpoints } from '../webhooks/use-webhooks.ts';

// What the action editor's pickers offer: the company's queues, users, tags, lanes, the quick
// messages this user may send and, to an admin whose plan has integrations, the webhook endpoints.
export const useActionChoices = (): ActionChoices => {
  const me = useSessionUser();
  const { data: webhooks } = useWebhookEndpoints(can(me, 'drawer-admin-items:view') && me.company.plan.useIntegrations);
  const { data: queues = [] } = useQueueOptions();
  const { data: users = [] } = useUsersList();
  const { data: tags = [] } = useTagsList();
  const { data: lanes = [] } = useKanbanLanes();
  const { data: quickMessages = [] } = useQuickMessagesList(true);
  return {
    queues,
    users,
    tags,
    lanes,
    quickMessages: quickMessages.map((record) => ({ id: record.id, name: `/${record.shortcode}` })),
    webhookEndpoints: (webhooks?.endpoints ?? []).map((endpoint) => ({ id: endpoint.id, name: endpoint.description || endpoint.url })),
  };
};
