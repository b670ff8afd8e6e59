/**
 * Building blocks shared by the OrderCloud-shaped entities.
 *
 * Conventions of every entity schema in this folder:
 * - Field names are OrderCloud's (PascalCase, `xp` for extensions), so the official SDK's objects
 *   parse unchanged.
 * - One schema serves both directions: read-only fields are optional (a create or update body
 *   leaves them out) and fields OrderCloud may return as null are nullish.
 * - Unknown top-level fields are stripped (zod's default): a body we build from a parsed entity
 *   carries only fields we know. `xp` objects are loose instead, because xp is OrderCloud's open
 *   extension point and other integrations may store keys we do not know; parsing and writing back
 *   must not drop them.
 * - Money fields are decimals, as on OrderCloud's wire; convert with `money.ts`.
 */
import { z } from 'zod';

/** A decimal amount of money as OrderCloud sends it (finite; zod rejects NaN and Infinity). */
export const Decimal = z.number();

/** A non-negative decimal (costs, prices). */
export const NonNegativeDecimal = z.number().min(0);

/** A non-negative integer (counts, quantities shipped). */
export const Count = z.int().min(0);

/** Free-form xp for resources where we define no extension: any JSON object, kept as is. */
export const AnyXp = z.record(z.string(), z.unknown());
export type AnyXp = z.infer<typeof AnyXp>;
