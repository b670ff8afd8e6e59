import type { LineItemErpIssue } from '@actuate/contracts';
import {
  type Database,
  type Executor,
  notFound,
  type RequestContext,
  unprocessable,
} from '@actuate/service-kit';
import type { CallbackService } from '../callbacks/service.ts';
import { numbering } from '../numbering/service.ts';
import { SELLABLE_STATES, type SetItemSupplyRequest } from './models.ts';
import * as repository from './repository.ts';
import type { ItemLifecycleState, ItemSalesState } from './schema.ts';

/**
 * ERP items and their lifecycle states per factory and per sales company, successor, stock and lead
 * time. Every change is told to the subscriber as an `item.changed` callback (outbox, in the change's
 * transaction), so the shop's product follows.
 */
export class ItemService {
  constructor(
    private readonly db: Database,
    private readonly callbacks: CallbackService,
  ) {}

  async listFactories(_context: RequestContext) {
    return repository.listFactories(this.db);
  }

  async getItem(_context: RequestContext, salesItemNumber: string, db: Executor = this.db) {
    const item = await repository.findItem(db, salesItemNumber);
    if (!item) throw notFound('item-not-found', `The ERP has no item ${salesItemNumber}.`);
    const factoryStates = await repository.factoryStatesOf(db, salesItemNumber);
    const salesCompanyStates = await repository.salesCompanyStatesOf(db, salesItemNumber);
    return {
      salesItemNumber: item.salesItemNumber,
      name: item.name,
      factoryId: item.factoryId,
      successorSalesItemNumber: item.successorSalesItemNumber,
      stockQuantity: item.stockQuantity,
      leadTimeDays: item.leadTimeDays,
      factoryLifecycleState:
        factoryStates.find((state) => state.factoryId === item.factoryId)?.lifecycleState ?? null,
      salesCompanies: salesCompanyStates.map((state) => ({
        salesCompanyId: state.salesCompanyId,
        lifecycleState: state.lifecycleState,
        itemState: state.itemState,
      })),
    };
  }

  async setFactoryState(
    context: RequestContext,
    salesItemNumber: string,
    lifecycleState: ItemLifecycleState,
  ) {
    return this.changeItem(context, salesItemNumber, ['factoryLifecycleState'], async (tx, item) => {
      await repository.upsertFactoryState(tx, { salesItemNumber, factoryId: item.factoryId, lifecycleState });
      context.log.info(
        { salesItemNumber, factoryId: item.factoryId, lifecycleState },
        'item factory state set',
      );
    });
  }

  /** Sets up (or changes) an item at a sales company: "release" is Released + Active. */
  async setSalesCompanyState(
    context: RequestContext,
    salesItemNumber: string,
    salesCompanyId: string,
    state: { lifecycleState: ItemLifecycleState; itemState: ItemSalesState },
  ) {
    return this.changeItem(context, salesItemNumber, ['salesCompanies'], async (tx) => {
      await repository.upsertSalesCompanyState(tx, { salesItemNumber, salesCompanyId, ...state });
      context.log.info({ salesItemNumber, salesCompanyId, ...state }, 'item sales company state set');
    });
  }

  async removeFromSalesCompany(context: RequestContext, salesItemNumber: string, salesCompanyId: string) {
    return this.changeItem(context, salesItemNumber, ['salesCompanies'], async (tx) => {
      if (!(await repository.deleteSalesCompanyState(tx, salesItemNumber, salesCompanyId))) {
        throw notFound(
          'item-not-set-up',
          `Item ${salesItemNumber} is not set up at sales company ${salesCompanyId}.`,
        );
      }
    });
  }

  /** Changes stock, lead time or successor (what the body holds). */
  async setSupply(context: RequestContext, salesItemNumber: string, patch: SetItemSupplyRequest) {
    const successor = patch.successorSalesItemNumber;
    if (successor === salesItemNumber)
      throw unprocessable('successor-is-item', 'An item cannot be its own successor.');
    return this.changeItem(context, salesItemNumber, Object.keys(patch), async (tx) => {
      if (successor && !(await repository.findItem(tx, successor)))
        throw unprocessable('successor-not-found', `The ERP has no item ${successor} to be the successor.`);
      await repository.updateItemSupply(tx, salesItemNumber, patch);
      context.log.info({ salesItemNumber, changed: Object.keys(patch) }, 'item supply set');
    });
  }

  /** One change of an item and its `item.changed` callback, in one transaction; answers the item after it. */
  private changeItem(
    context: RequestContext,
    salesItemNumber: string,
    changed: string[],
    change: (
      tx: Executor,
      item: NonNullable<Awaited<ReturnType<typeof repository.findItem>>>,
    ) => Promise<void>,
  ) {
    return this.db.transaction(async (tx) => {
      const item = await repository.findItem(tx, salesItemNumber);
      if (!item) throw notFound('item-not-found', `The ERP has no item ${salesItemNumber}.`);
      await change(tx, item);
      const view = await this.getItem(context, salesItemNumber, tx);
      const subject = `item:${salesItemNumber}`;
      await this.callbacks.publish(tx, {
        type: 'item.changed',
        subject,
        sequence: await numbering.eventSequence(tx, subject),
        occurredAt: context.now,
        data: { item: view, changed },
      });
      return view;
    });
  }

  /**
   * Why the ERP refuses an order line for this item at this sales company, or null when it accepts it.
   * Checked in this order: set up at the sales company, lifecycle at the factory, lifecycle at the
   * sales company, item (sales) state at the sales company.
   */
  async lineIssue(
    db: Executor,
    salesItemNumber: string,
    salesCompanyId: string,
  ): Promise<LineItemErpIssue | null> {
    const item = await repository.findItem(db, salesItemNumber);
    const atSalesCompany = item
      ? await repository.findSalesCompanyState(db, salesItemNumber, salesCompanyId)
      : undefined;
    if (!item || !atSalesCompany) return 'MissingItemSalesCompany';
    const factoryState = (await repository.factoryStatesOf(db, salesItemNumber)).find(
      (state) => state.factoryId === item.factoryId,
    );
    if (!factoryState || !SELLABLE_STATES.includes(factoryState.lifecycleState))
      return 'InvalidItemLifecycleStateFactory';
    if (!SELLABLE_STATES.includes(atSalesCompany.lifecycleState))
      return 'InvalidItemLifecycleStateSalesCompany';
    if (atSalesCompany.itemState !== 'Active') return 'InvalidItemStateSalesCompany';
    return null;
  }
}
