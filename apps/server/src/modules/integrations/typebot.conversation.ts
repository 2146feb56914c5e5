// A customer's message to a typebot integration (02-operations §3 Queue integration): the finish
// keyword hands the ticket to the attendants, the restart keyword sends the restart message and
// opens a new session, a session older than typebotExpires minutes (0: never) is not continued,
// a message the bot cannot read (no text, or not one of the offered choices) gets the unknown
// message, anything else is relayed to the session.
import type { IntegrationSession } from '../../db/schema.ts';
import { IntegrationFailure } from './integration-call.ts';
import type { BotReply, IntegrationOutcome } from './integration-outcome.ts';
import type { IntegrationRow } from './integrations.repo.ts';
import type { TypebotClient, TypebotTurn } from './typebot.client.ts';

type TypebotInput = {
  integration: IntegrationRow;
  session: IntegrationSession | null;
  text: string;
  contact: { name: string; number: string };
  now: Date;
};

const sameWord = (text: string, keyword: string) => keyword.trim() !== '' && text.trim().toLowerCase() === keyword.trim().toLowerCase();

const isExpired = (session: IntegrationSession, expiresMinutes: number, now: Date) =>
  expiresMinutes > 0 && now.getTime() - new Date(session.lastActivityAt).getTime() > expiresMinutes * 60_000;

// "2" or the choice's own words pick a choice; undefined: neither
const chosen = (text: string, choices: string[]) => {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return choices[Number(trimmed) - 1];
  return choices.find((choice) => choice.toLowerCase() === trimmed.toLowerCase());
};

export const runTypebotTurn = async (client: TypebotClient, input: TypebotInput): Promise<IntegrationOutcome> => {
  const { integration, text, now } = input;
  const url = integration.urlN8N;
  const unknown: BotReply[] = integration.typebotUnknownMessage.trim() ? [{ body: integration.typebotUnknownMessage.trim() }] : [];

  const sessionAfter = (turn: TypebotTurn, sessionId: string): IntegrationSession | null =>
    turn.ended ? null : { sessionId, lastActivityAt: now.toISOString(), choices: turn.choices };
  const start = async (before: BotReply[] = []): Promise<IntegrationOutcome> => {
    const turn = await client.start(url, integration.typebotSlug, { number: input.contact.number, name: input.contact.name });
    return { replies: [...before, ...turn.replies], session: sessionAfter(turn, turn.sessionId), handOff: false };
  };

  if (sameWord(text, integration.typebotKeywordFinish)) return { replies: [], session: null, handOff: true };
  if (sameWord(text, integration.typebotKeywordRestart)) {
    const restart = integration.typebotRestartMessage.trim();
    return start(restart ? [{ body: restart }] : []);
  }
  const session = input.session && !isExpired(input.session, integration.typebotExpires, now) ? input.session : null;
  // the message that opens the conversation only starts the flow
  if (!session) return start();
  const answer = session.choices.length ? chosen(text, session.choices) : text.trim() || undefined;
  if (answer === undefined) return { replies: unknown, handOff: false };
  try {
    const turn = await client.reply(url, session.sessionId, answer);
    return { replies: turn.replies, session: sessionAfter(turn, session.sessionId), handOff: false };
  } catch (error) {
    // the typebot server forgot the session (it expires there too): begin again
    if (error instanceof IntegrationFailure && error.reason === 'HTTP 404') return start();
    throw error;
  }
};
