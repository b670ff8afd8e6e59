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
  salesCompanies: z.array(
    z.object({ salesCompanyId: z.string(), lifecycleState: ItemLifecycleState, itemState: ItemSalesState }),
  ),
});

export const SetFactoryStateRequest = z.object({ lifecycleState: ItemLifecycleState });
export const SetSalesCompanyStateRequest = z.object({
  lifecycleState: ItemLifecycleState.default('Released'),
  itemState: ItemSalesState.default('Active'),
});
