import { ORDERABLE_PRODUCT_STATE, productStateFor } from '@actuate/contracts';
import { HttpError } from '@actuate/service-kit';
import type { Xp } from '../../shared/xp.ts';

/**
 * The refusal of a line for a product that cannot be ordered (blocked, phased out …), naming its
 * state and successor, or null when it can be ordered. OrderCloud has no such code: ours.
 */
export function notOrderableError(
  product: { ID?: unknown; xp?: unknown },
  salesCompanyId: string | undefined,
): HttpError | null {
  const xp = (product.xp ?? null) as Xp | null;
  const state = productStateFor(xp, salesCompanyId);
  if (state === ORDERABLE_PRODUCT_STATE) return null;
  const successor = typeof xp?.SuccessorSalesItemNumber === 'string' ? xp.SuccessorSalesItemNumber : null;
  return new HttpError(
    400,
    'Product.NotOrderable',
    `Product ${String(product.ID)} cannot be ordered: its state is ${state}.${successor ? ` It is replaced by ${successor}.` : ''}`,
    { ProductID: product.ID, ProductState: state, SuccessorSalesItemNumber: successor },
  );
}
