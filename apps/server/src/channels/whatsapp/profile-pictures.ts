// A contact who writes for the first time gets their WhatsApp profile picture (01-core §3 Contact
// urlPicture). Each contact is asked for once per process; the set of asked contacts is bounded.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { SessionContext } from './session-manager.ts';
import { findContactPicture, setContactPicture } from './whatsapp-contacts.repo.ts';

const ASKED_LIMIT = 5000;

export const createProfilePictures = (deps: { db: Db; log: FastifyBaseLogger }) => {
  const asked = new Set<number>();
  const fetch = async (context: SessionContext, contactId: number, jid: string) => {
    const contact = await findContactPicture(deps.db, context.companyId, contactId);
    if (!contact || contact.urlPicture) return;
    const url = await context.socket.profilePictureUrl(jid, 'image');
    if (url) await setContactPicture(deps.db, context.companyId, contactId, url);
  };
  // not awaited by the caller: a picture never holds up the messages behind it
  return (context: SessionContext, contactId: number, jid: string) => {
    if (asked.has(contactId)) return;
    if (asked.size >= ASKED_LIMIT) asked.clear();
    asked.add(contactId);
    void fetch(context, contactId, jid).catch((error: unknown) => deps.log.debug({ err: error, contactId }, 'whatsapp profile picture unavailable'));
  };
};
