// Drizzle wraps driver errors; both pg and PGlite carry the SQLSTATE and constraint name.
type PgErrorLike = { code?: string; constraint?: string; cause?: unknown };

const pgError = (error: unknown): PgErrorLike | undefined => {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgErrorLike;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
};

// NUL or bytes the database encoding cannot hold: the request's text is at fault (400, not 500).
export const isUnstorableText = (error: unknown) => ['22021', '22P05'].includes(pgError(error)?.code ?? '');

export const isUniqueViolation = (error: unknown, constraint?: string) => {
  const found = pgError(error);
  return found?.code === '23505' && (constraint === undefined || found.constraint === constraint);
};

// A row still pointed at by another (a reference without cascade) was to be deleted.
export const isForeignKeyViolation = (error: unknown, constraint?: string) => {
  const found = pgError(error);
  return found?.code === '23503' && (constraint === undefined || found.constraint === constraint);
};

// A row the database refuses for its values (SQLSTATE classes 22 data exception and 23 integrity
// constraint violation), as opposed to a lost connection or a fault of the statement itself.
export const isRowRefused = (error: unknown) => /^2[23]/.test(pgError(error)?.code ?? '');
