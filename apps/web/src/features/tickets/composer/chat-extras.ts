// Pure helpers of the chat extras (01-core §4 Messages, §9): signature option, vCard, emoji insert, forward pacing.

export const SIGN_OPTION_KEY = 'signOption';

// Reads FN and TEL out of a vCard string (contactMessage).
export const parseVCard = (vCard: string | null | undefined): { name: string; number: string } => {
  const lines = (vCard ?? '').split(/\r?\n/);
  const value = (line: string | undefined) => (line ? line.slice(line.indexOf(':') + 1).trim() : '');
  const fn = lines.find((line) => /^FN[;:]/i.test(line));
  const n = lines.find((line) => /^N[;:]/i.test(line));
  const tel = lines.find((line) => /^(item\d+\.)?TEL[;:]/i.test(line));
  const name = value(fn) || value(n).split(';').filter(Boolean).join(' ');
  return { name, number: value(tel) };
};

// Inserts text at the cursor of the given value; returns the new value and cursor position.
export const insertAt = (value: string, insert: string, start: number | null, end: number | null) => {
  const from = start ?? value.length;
  const to = end ?? from;
  return { value: value.slice(0, from) + insert + value.slice(to), cursor: from + insert.length };
};

export const FORWARD_PAUSE_MS = 900;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Forwarding sends one message at a time with 900 ms between sends.
export const forwardMessages = async (
  messageIds: readonly number[],
  contactId: number,
  send: (messageId: number, contactId: number) => Promise<unknown>,
  wait: (ms: number) => Promise<void> = pause,
) => {
  for (const [index, messageId] of messageIds.entries()) {
    if (index > 0) await wait(FORWARD_PAUSE_MS);
    await send(messageId, contactId);
  }
};
