import { z } from 'zod';

export const AddressAssignment = z.object({
  AddressID: z.string().min(1),
  UserID: z.string().nullish(),
  UserGroupID: z.string().nullish(),
  IsShipping: z.boolean().default(false),
  IsBilling: z.boolean().default(false),
});
export type AddressAssignment = z.infer<typeof AddressAssignment>;
