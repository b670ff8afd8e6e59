import {
  ORDERABLE_PRODUCT_STATE,
  productStateFor,
  type QuickOrderLine,
  type QuickOrderLineReport,
  type QuickOrderReport,
} from '@actuate/contracts';
import { forbidden, type RequestContext, unauthorized } from '@actuate/service-kit';
import type { PlatformClient } from '../../clients/platform-client.ts';
import type { QuickOrderCatalogue, SeenProduct } from './catalogue.ts';
import { brokenQuantityRule, isItemNumber, normaliseItemNumber, oneEditVariants } from './rules.ts';

/** Who places the quick order, from the buyer's token (`/v1/me`) and the company the integration keeps. */
export interface QuickOrderBuyer {
  token: string;
  userId: string;
  salesCompanyId: string | undefined;
}

/** Distinct unknown item numbers per request that get close-match suggestions (one catalogue call each). */
export const SUGGESTION_LOOKUPS = 25;
/** Suggestions shown for one line. */
const SUGGESTIONS_PER_LINE = 3;
/** Catalogue calls for suggestions under way at once. */
const SUGGESTION_CONCURRENCY = 4;

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Checks quick-order lines against what the buyer cannot change: their catalogue (what
 * `/v1/me/products` shows them), each item's state for their sales company (`productStateFor`) and
 * the quantity rules of the price schedule that applies to them.
 */
export class QuickOrderChecker {
  constructor(
    private readonly platform: PlatformClient,
    private readonly catalogue: QuickOrderCatalogue,
  ) {}

  async buyerOf(token: string): Promise<QuickOrderBuyer> {
    const me = await this.platform.getMe(token);
    if (!me) throw unauthorized('invalid-token', 'The platform token is not valid.');
    const buyerId = me.Buyer?.ID;
    if (!buyerId || me.Active === false || !(me.AvailableRoles ?? []).includes('Shopper'))
      throw forbidden('not-a-shopper', 'Only a buyer user with the Shopper role can order.');
    const company = await this.platform.getBuyer(buyerId);
    const salesCompanyId = company?.xp?.SalesCompanyId;
    return {
      token,
      userId: me.ID,
      salesCompanyId: typeof salesCompanyId === 'string' ? salesCompanyId : undefined,
    };
  }

  async check(
    _context: RequestContext,
    buyer: QuickOrderBuyer,
    lines: QuickOrderLine[],
  ): Promise<QuickOrderReport & { products: Map<string, SeenProduct> }> {
    const numbers = lines.map((line) => normaliseItemNumber(line.salesItemNumber));
    const wellFormed = [...new Set(numbers.filter(isItemNumber))];
    const seen = await this.catalogue.seenBy(buyer.token, wellFormed);
    const unseen = wellFormed.filter((number) => !seen.has(number));
    const existing = unseen.length > 0 ? await this.catalogue.existing(unseen) : new Set<string>();

    const missing = [...new Set(numbers.filter((number) => !seen.has(number)))].slice(0, SUGGESTION_LOOKUPS);
    const suggestions = new Map<string, string[]>();
    await inParallel(missing, SUGGESTION_CONCURRENCY, async (number) => {
      const variants = oneEditVariants(number);
      if (variants.length === 0) return;
      const near = await this.catalogue.seenBy(buyer.token, variants);
      suggestions.set(number, [...near.keys()].sort().slice(0, SUGGESTIONS_PER_LINE));
    });

    const reports = lines.map((line, index): QuickOrderLineReport => {
      const salesItemNumber = numbers[index] as string;
      const product = seen.get(salesItemNumber);
      const base: QuickOrderLineReport = {
        line: index + 1,
        salesItemNumber,
        quantity: line.quantity,
        status: 'ok',
        productName: product?.name ?? null,
        suggestions: [],
        productState: null,
        successor: null,
        quantityRule: null,
      };
      if (!product) {
        return {
          ...base,
          status: existing.has(salesItemNumber) ? 'notVisible' : 'unknown',
          suggestions: suggestions.get(salesItemNumber) ?? [],
        };
      }
      const state = productStateFor(product.xp, buyer.salesCompanyId);
      if (state !== ORDERABLE_PRODUCT_STATE) {
        const successor = product.xp?.SuccessorSalesItemNumber;
        return {
          ...base,
          status: 'notOrderable',
          productState: state,
          successor: typeof successor === 'string' ? successor : null,
        };
      }
      const quantityRule = brokenQuantityRule(line.quantity, product.schedule);
      return quantityRule ? { ...base, status: 'quantity', quantityRule } : base;
    });
    const valid = reports.filter((report) => report.status === 'ok').length;
    return { lines: reports, valid, invalid: reports.length - valid, products: seen };
  }
}
