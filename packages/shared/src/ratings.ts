// Ratings (NPS) of 02-operations §3 and §5: the customer answers the connection's rating
// message with a whole number from 0 to 10. Rows show one of five faces (01-core §2, §9).
export const NPS_SCALE = { min: 0, max: 10 } as const;

// The answer as a rate, or null when it is not a whole number of the scale.
export const parseNpsAnswer = (body: string): number | null => {
  const text = body.trim();
  if (!/^\d{1,2}$/.test(text)) return null;
  const rate = Number(text);
  return rate >= NPS_SCALE.min && rate <= NPS_SCALE.max ? rate : null;
};

// The line every rating question ends with, so that the customer answers on the scale the product
// counts (issue 35 point 7); like the product's other automatic texts it is in Portuguese.
export const NPS_SCALE_LINE = `Responda com uma nota de ${NPS_SCALE.min} a ${NPS_SCALE.max} (${NPS_SCALE.min} = nada provável, ${NPS_SCALE.max} = muito provável).`;

// "de 1 a 5", "0-10", "1 to 10": a scale written in a text.
const WRITTEN_SCALE = /\b(\d{1,2})\s*(?:a|até|ao|-|–|to)\s*(\d{1,2})\b/gi;
const writtenScales = (text: string) => [...text.matchAll(WRITTEN_SCALE)].map(([, from, to]) => ({ from: Number(from), to: Number(to) }));
const isCountedScale = ({ from, to }: { from: number; to: number }) => from === NPS_SCALE.min && to === NPS_SCALE.max;

// A rating message that names a scale other than the counted one ("de 1 a 5") is refused when
// saved: a 5 on it would count as a passive 5 of 10. Only scales that start at 0 or 1 are taken
// as scales, so "das 8 às 18" is not one.
export const namesOtherScale = (text: string) => writtenScales(text).some((scale) => scale.from <= 1 && scale.to >= 3 && scale.to <= 10 && !isCountedScale(scale));

// The question sent: the company's text, then the scale line unless the text states it already.
export const ratingQuestion = (text: string) => (writtenScales(text).some(isCountedScale) ? text : `${text.trim()}\n\n${NPS_SCALE_LINE}`);

export const RATING_FACES = ['😡', '🙁', '😐', '🙂', '😍'] as const;

// Five faces over the 0..10 scale: 0-2, 3-4, 5-6, 7-8, 9-10 (the last two are NPS passives and
// promoters).
export const ratingLevel = (rate: number): 1 | 2 | 3 | 4 | 5 => {
  if (rate <= 2) return 1;
  if (rate <= 4) return 2;
  if (rate <= 6) return 3;
  if (rate <= 8) return 4;
  return 5;
};

export const ratingFace = (rate: number) => RATING_FACES[ratingLevel(rate) - 1];
