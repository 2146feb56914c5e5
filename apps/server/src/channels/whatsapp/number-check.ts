// The contacts module's WhatsApp number check (01-core §8 ERR_WAPP_INVALID_CONTACT): onWhatsApp
// through the named connection, or else the company's WhatsApp connections (default first), using
// the first one connected in this process; the answer carries the number as WhatsApp writes it
// and the profile picture.
import { normalizeNumber } from '@atende/shared/phone';
import type { Db } from '../../db/client.ts';
import type { WhatsappNumberCheck } from '../../modules/contacts/contacts.service.ts';
import { phoneJid, userOfJid } from './jid.ts';
import type { SessionManager } from './session-manager.ts';
import { whatsappConnectionIds } from './whatsapp-connections.repo.ts';

export const createWhatsappNumberCheck =
  (deps: { db: Db; sessions: SessionManager }): WhatsappNumberCheck =>
  async (companyId, number, connectionId) => {
    const candidates = await whatsappConnectionIds(deps.db, companyId, connectionId);
    const socket = candidates.map((candidate) => deps.sessions.connectedSocket(candidate.id)).find(Boolean);
    if (!socket) return undefined;
    const [found] = (await socket.onWhatsApp(phoneJid(normalizeNumber(number)))) ?? [];
    if (!found?.exists) return 'invalid';
    const urlPicture = await socket.profilePictureUrl(found.jid, 'image').catch(() => undefined);
    return { number: userOfJid(found.jid), urlPicture: urlPicture ?? '' };
  };
