/** True when the error carries SQLSTATE `code`, whether Drizzle wrapped the driver error or not. */
function hasSqlState(error: unknown, code: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A unique-constraint violation (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, '23505');

/** A foreign-key violation (SQLSTATE 23503), e.g. deleting a row others still reference. */
export const isForeignKeyViolation = (error: unknown): boolean => hasSqlState(error, '23503');

/** A deletion, refused with `inUse()` when other rows still reference the row (instead of a 500). */
export async function unlessReferenced(deletion: Promise<boolean>, inUse: () => Error): Promise<boolean> {
  try {
    return await deletion;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw inUse();
    throw error;
  }
}
