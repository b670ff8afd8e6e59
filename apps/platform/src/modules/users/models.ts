import { z } from 'zod';

/** OrderCloud UserGroup (not in the shared contract: the storefront only reads it). */
export const UserGroup = z.object({
  ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  Name: z.string().min(1),
  Description: z.string().nullish(),
  xp: z.record(z.string(), z.unknown()).optional(),
});
export type UserGroup = z.infer<typeof UserGroup>;

export const UserGroupAssignment = z.object({ UserGroupID: z.string().min(1), UserID: z.string().min(1) });
export type UserGroupAssignment = z.infer<typeof UserGroupAssignment>;
