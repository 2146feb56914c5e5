// What a queue integration's turn asks of the ticket: messages to send (text, or an image by its
// URL), the typebot session to keep (null: forget it; undefined: unchanged), and whether the
// ticket goes to the queue's attendants.
import type { IntegrationSession } from '../../db/schema.ts';

export type BotReply = { body: string } | { imageUrl: string };
export type IntegrationOutcome = { replies: BotReply[]; session?: IntegrationSession | null; handOff: boolean };
