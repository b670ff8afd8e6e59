/** Timestamps on the wire are ISO 8601 strings (OrderCloud's format); null stays null. */
export const isoOrNull = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);
