import type { QuickOrderAddResult, QuickOrderLine } from '@actuate/contracts';
import { conflict, type Database, type RequestContext } from '@actuate/service-kit';
import type { CartWriter } from './cart-writer.ts';
import { claimSubmission, completeSubmission, releaseSubmission } from './repository.ts';
import type { QuickOrderBuyer, QuickOrderChecker } from './service.ts';

/**
 * Adds the valid lines of a quick order to the buyer's cart in one go: the lines are checked again
 * here (never taken from the caller as valid), the ok ones written one after the other and the cart
 * priced once at the end. Idempotent per (user, Idempotency-Key): a repeated request answers the
 * first result and writes nothing.
 */
export class QuickOrderAdder {
  constructor(
    private readonly db: Database,
    private readonly checker: QuickOrderChecker,
    private readonly writer: CartWriter,
  ) {}

  async add(
    context: RequestContext,
    buyer: QuickOrderBuyer,
    lines: QuickOrderLine[],
    idempotencyKey: string,
  ): Promise<QuickOrderAddResult> {
    const claim = await claimSubmission(this.db, buyer.userId, idempotencyKey);
    if (claim.kind === 'done') return { ...(claim.result as QuickOrderAddResult), replayed: true };
    if (claim.kind === 'running')
      throw conflict('add-in-progress', 'A quick order with this Idempotency-Key is still being added.');
    let wrote = false;
    try {
      const { products: _products, ...report } = await this.checker.check(context, buyer, lines);
      const ok = report.lines.filter((line) => line.status === 'ok');
      let orderId: string | null = null;
      const failed: QuickOrderAddResult['failed'] = [];
      if (ok.length > 0) {
        orderId = await this.writer.cartOf(buyer.token);
        const current = await this.writer.linesOf(buyer.token, orderId);
        for (const line of ok) {
          wrote = true;
          const refusal = await this.writer.add(
            buyer.token,
            orderId,
            current,
            line.salesItemNumber,
            line.quantity,
          );
          if (refusal) failed.push({ line: line.line, errorCode: refusal });
        }
        await this.writer.price(buyer.token, orderId);
      }
      const result: QuickOrderAddResult = {
        ...report,
        orderId,
        added: ok.length - failed.length,
        failed,
        replayed: false,
      };
      await completeSubmission(this.db, buyer.userId, idempotencyKey, result);
      return result;
    } catch (error) {
      // Nothing written: the key may be used again. Something written: the claim stays (409 on a
      // repeat), so a retry cannot add the lines twice.
      if (!wrote) await releaseSubmission(this.db, buyer.userId, idempotencyKey);
      throw error;
    }
  }
}
