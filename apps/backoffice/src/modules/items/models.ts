import { SalesCompanyId, SalesItemNumber } from '@actuate/contracts';
import { z } from 'zod';

export const ITEM_LIFECYCLE_STATES = ['Released', 'PhaseOut', 'Engineering', 'Blocked', 'Obsolete'] as const;
export const ItemLifecycleState = z.enum(ITEM_LIFECYCLE_STATES);
/** Lifecycle states in which the ERP accepts an order line. */
export const SELLABLE_STATES: readonly string[] = ['Released', 'PhaseOut'];
export const ItemSalesState = z.enum(['Active', 'Stopped']);

export const ItemParams = z.object({ salesItemNumber: SalesItemNumber });
export const ItemSalesCompanyParams = ItemParams.extend({ salesCompanyId: SalesCompanyId });

export const FactoryView = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  countryCode2: z.string(),
});

export const ItemView = z.object({
  salesItemNumber: z.string(),
  name: z.string(),
  factoryId: z.string(),
  factoryLifecycleState: ItemLifecycleState.nullable(),
  successorSalesItemNumber: z.string().nullable(),
  stockQuantity: z.number().int(),
  leadTimeDays: z.number().int(),
  salesCompanies: z.array(
    z.object({ salesCompanyId: z.string(), lifecycleState: ItemLifecycleState, itemState: ItemSalesState }),
  ),
});

export const SetFactoryStateRequest = z.object({ lifecycleState: ItemLifecycleState });
export const SetSalesCompanyStateRequest = z.object({
  lifecycleState: ItemLifecycleState.default('Released'),
  itemState: ItemSalesState.default('Active'),
});

/** Stock, lead time and successor of an item (each optional: what is sent changes). */
export const SetItemSupplyRequest = z
  .object({
    stockQuantity: z.number().int().min(0).max(1_000_000).optional(),
    leadTimeDays: z.number().int().min(0).max(365).optional(),
    successorSalesItemNumber: SalesItemNumber.nullable()
      .optional()
      .describe('The item that replaces this one when it is phased out or blocked; null: none'),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' });
export type SetItemSupplyRequest = z.infer<typeof SetItemSupplyRequest>;
