// The WhatsApp-valid mark of a contact-list item (02-operations §3 ContactListItem
// isWhatsappValid): checked by a job of the process that holds a connected WhatsApp session of the
// company (the payload names its connection, so the runner hands it to that process). Enqueued
// with the item's change; without a connected session the mark stays unknown (null).
import { z } from 'zod';
import type { ContactListItemView } from '@atende/shared/contact-lists';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { EventBus } from '../../platform/events.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { listConnections } from '../connections/connections.repo.ts';
import type { WhatsappNumberCheck } from '../contacts/contacts.service.ts';
import { findContactListItem, updateContactListItem } from './contact-lists.repo.ts';
import { toContactListItemView } from './contact-lists.view.ts';

export const contactListNumberCheckJob = defineJobKind({
  name: 'contact-list.check-number',
  payload: z.object({
    companyId: z.number().int().positive(),
    itemId: z.number().int().positive(),
    connectionId: z.number().int().positive(),
  }),
  priority: 'bulk',
  maxAttempts: 5,
});

export const enqueueNumberCheck = async (tx: DbOrTx, companyId: number, itemId: number) => {
  const connected = (await listConnections(tx, companyId, 'whatsapp')).find((connection) => connection.status === 'CONNECTED');
  if (!connected) return;
  await enqueueJob(tx, contactListNumberCheckJob, { companyId, itemId, connectionId: connected.id }, { singletonKey: `contact-list-item:${itemId}` });
};

export const registerContactListJobs = (
  runner: Pick<JobRunner, 'register'>,
  deps: { db: Db; bus: EventBus; checkWhatsappNumber: WhatsappNumberCheck },
) => {
  runner.register(contactListNumberCheckJob, {
    run: async ({ companyId, itemId, connectionId }) => {
      const item = await findContactListItem(deps.db, companyId, itemId);
      if (!item) return;
      const answer = await deps.checkWhatsappNumber(companyId, item.number, connectionId);
      // the session went away meanwhile: the mark stays unknown
      if (answer === undefined) return;
      const updated = await updateContactListItem(deps.db, companyId, itemId, { isWhatsappValid: answer !== 'invalid' });
      if (!updated) return;
      const record: ContactListItemView = toContactListItemView(updated);
      deps.bus.publish({ companyId, event: 'ContactListItem', payload: { action: 'update', record } });
    },
  });
};
