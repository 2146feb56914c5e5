// WhatsApp's text formatting (issue 35 point 10): *bold*, _italic_, ~strike~ and ```mono```,
// read into pieces of text that the chat renders as React elements, never as HTML.
export type TextStyle = 'bold' | 'italic' | 'strike' | 'mono';
export type FormattedPiece = string | { style: TextStyle; children: FormattedPiece[] };

const inlineMarkers: Record<string, TextStyle> = { '*': 'bold', _: 'italic', '~': 'strike' };
const MONO = '```';

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);
const isSpace = (char: string | undefined) => char !== undefined && /\s/u.test(char);

// As WhatsApp reads a marker: it opens after a non-word character and before a non-space, and
// closes after a non-space and before a non-word character, within one line, so snake_case
// names and "2 * 3 * 4" stay as typed.
const closingIndex = (text: string, open: number) => {
  const marker = text[open];
  if (isWordChar(text[open - 1]) || text[open + 1] === undefined || isSpace(text[open + 1]) || text[open + 1] === marker) return -1;
  for (let index = open + 2; index < text.length && text[index] !== '\n'; index += 1) {
    if (text[index] === marker && !isSpace(text[index - 1]) && !isWordChar(text[index + 1])) return index;
  }
  return -1;
};

const pushText = (pieces: FormattedPiece[], text: string) => {
  if (!text) return;
  const last = pieces.length - 1;
  if (typeof pieces[last] === 'string') pieces[last] += text;
  else pieces.push(text);
};

const append = (pieces: FormattedPiece[], more: FormattedPiece[]) => {
  for (const piece of more) {
    if (typeof piece === 'string') pushText(pieces, piece);
    else pieces.push(piece);
  }
};

const parseInline = (text: string): FormattedPiece[] => {
  const pieces: FormattedPiece[] = [];
  let plainFrom = 0;
  let index = 0;
  while (index < text.length) {
    const style = inlineMarkers[text[index]];
    const close = style ? closingIndex(text, index) : -1;
    if (style && close > 0) {
      pushText(pieces, text.slice(plainFrom, index));
      pieces.push({ style, children: parseInline(text.slice(index + 1, close)) });
      index = close + 1;
      plainFrom = index;
    } else {
      index += 1;
    }
  }
  pushText(pieces, text.slice(plainFrom));
  return pieces;
};

// Monospace blocks first (nothing inside them is formatted), then the inline markers.
export const parseWhatsAppFormatting = (text: string): FormattedPiece[] => {
  const pieces: FormattedPiece[] = [];
  let from = 0;
  for (;;) {
    const open = text.indexOf(MONO, from);
    const close = open < 0 ? -1 : text.indexOf(MONO, open + MONO.length + 1);
    if (close < 0) break;
    append(pieces, parseInline(text.slice(from, open)));
    pieces.push({ style: 'mono', children: [text.slice(open + MONO.length, close)] });
    from = close + MONO.length;
  }
  append(pieces, parseInline(text.slice(from)));
  return pieces;
};
