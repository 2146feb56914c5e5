// Audio acceptance (03-saas §3 acceptAudioMessageContact, 01-core §3 Contact acceptAudioMessage):
// the company setting is what a new contact starts with (contacts.repo.ts newContactsAcceptAudio);
// the contact's own toggle decides. An audio from a contact who is not accepted gets this
// automatic answer (the spec gives no text for it, so it is fixed, in the product's language).
import type { DbOrTx } from '../../db/client.ts';
import { writeAutomaticMessage } from '../messages/automatic-message.steps.ts';
import type { MessageRow } from '../messages/messages.repo.ts';
import type { TicketRow } from '../tickets/tickets.repo.ts';
import type { TicketOutcome } from '../tickets/tickets.events.ts';

export const AUDIO_NOT_ACCEPTED_MESSAGE =
  'Infelizmente não conseguimos ouvir áudios por este canal de atendimento. Por favor, envie uma mensagem de texto.';

export const answerRefusedAudio = async (
  tx: DbOrTx,
  ticket: TicketRow,
  message: MessageRow,
  contact: { acceptAudioMessage: boolean; isGroup: boolean },
  now: Date,
  timeZone: string,
): Promise<TicketOutcome | undefined> => {
  if (message.fromMe || message.mediaType !== 'audio' || contact.acceptAudioMessage || contact.isGroup) return undefined;
  const sent = await writeAutomaticMessage(tx, ticket, AUDIO_NOT_ACCEPTED_MESSAGE, now, timeZone);
  return { row: sent.ticket, messages: [sent.message] };
};
