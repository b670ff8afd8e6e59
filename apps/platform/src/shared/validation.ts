import { z } from 'zod';
import { invalidRequest } from './errors.ts';

/** Any JSON object: the body of a PATCH, validated after merging with the stored entity. */
export const PatchBody = z.record(z.string(), z.unknown());
export type PatchBody = z.infer<typeof PatchBody>;

/** Parses a (merged) entity with its contract schema; a failure is a 400 `InvalidRequest`. */
export function parseEntity<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = issues[0];
  throw invalidRequest(`Invalid ${first?.path || 'body'}: ${first?.message ?? 'invalid value'}`, { issues });
}

/** The paging parameters of a list whose other query parameters are its own (assignment lists). */
export const PageQuery = { page: z.string().optional(), pageSize: z.string().optional() };

/** Query string of list routes: every parameter is a string or repeated strings. */
export const ListQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

/**
 * A contract body schema that reads `xp: {}` as no extension, as OrderCloud does: clients (the SDK
 * among them) send an empty xp, which the typed extensions would otherwise refuse as incomplete.
 */
export function entityBody<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value) => {
    if (typeof value !== 'object' || value === null || !('xp' in value)) return value;
    const { xp, ...rest } = value as Record<string, unknown>;
    return isEmptyObject(xp) ? rest : value;
  }, schema);
}
