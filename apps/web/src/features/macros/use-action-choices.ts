import type { ActionChoices } from '../../components/automation-actions/action-kinds.ts';
import { useQueueOptions } from '../queues/use-queues.ts';
import { useQuickMessagesList } from '../quick-messages/use-quick-messages.ts';
import { useKanbanLanes, useTagsList } from '../tags/use-tags.ts';
import { useUsersList } from '../users/use-users.ts';

// What the action editor's pickers offer: the company's queues, users, tags, lanes and the quick
// messages this user may send.
export const useActionChoices = (): ActionChoices => {
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
  };
};
