// Cuts an article's text into passages for retrieval: whole paragraphs packed together up to
// PASSAGE_MAX_CHARS, a longer paragraph cut at a space, so a passage is a readable piece of the
// article and never ends in half a word.
export const PASSAGE_MAX_CHARS = 1000;

// The last blank at or before max, or max itself when one word is longer than a passage.
const cutAt = (text: string, max: number) => {
  for (let at = max; at > 0; at--) if (/\s/.test(text[at])) return at;
  return max;
};

const splitLongParagraph = (paragraph: string, max: number) => {
  const pieces: string[] = [];
  let rest = paragraph;
  while (rest.length > max) {
    const at = cutAt(rest, max);
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
};

export const splitIntoPassages = (body: string, max = PASSAGE_MAX_CHARS): string[] => {
  const paragraphs = body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .flatMap((paragraph) => splitLongParagraph(paragraph, max));
  const passages: string[] = [];
  let current = '';
  for (const paragraph of paragraphs) {
    if (current && current.length + 2 + paragraph.length > max) {
      passages.push(current);
      current = paragraph;
    } else current = current ? `${current}\n\n${paragraph}` : paragraph;
  }
  if (current) passages.push(current);
  return passages;
};
