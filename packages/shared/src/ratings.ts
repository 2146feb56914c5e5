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
