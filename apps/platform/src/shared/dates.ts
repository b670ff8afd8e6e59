/** Timestamps on the wire are ISO 8601 strings (OrderCloud's format); null stays null. */
export const isoOrNull = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

export const dateOrNull = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);
