import type { LineItemErpIssue } from '@actuate/contracts';
import { type Database, type Executor, notFound, type RequestContext } from '@actuate/service-kit';
import { SELLABLE_STATES } from './models.ts';
import * as repository from './repository.ts';
import type { ItemLifecycleState, ItemSalesState } from './schema.ts';

/** ERP items and their lifecycle states per factory and per sales company. */
export class ItemService {
  constructor(private readonly db: Database) {}

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
    const item = await repository.findItem(this.db, salesItemNumber);
    if (!item) throw notFound('item-not-found', `The ERP has no item ${salesItemNumber}.`);
    await repository.upsertFactoryState(this.db, {
      salesItemNumber,
      factoryId: item.factoryId,
      lifecycleState,
    });
    context.log.info(
      { salesItemNumber, factoryId: item.factoryId, lifecycleState },
      'item factory state set',
    );
    return this.getItem(context, salesItemNumber);
  }

  /** Sets up (or changes) an item at a sales company: "release" is Released + Active. */
  async setSalesCompanyState(
    context: RequestContext,
    salesItemNumber: string,
    salesCompanyId: string,
    state: { lifecycleState: ItemLifecycleState; itemState: ItemSalesState },
  ) {
    const item = await repository.findItem(this.db, salesItemNumber);
    if (!item) throw notFound('item-not-found', `The ERP has no item ${salesItemNumber}.`);
    await repository.upsertSalesCompanyState(this.db, { salesItemNumber, salesCompanyId, ...state });
    context.log.info({ salesItemNumber, salesCompanyId, ...state }, 'item sales company state set');
    return this.getItem(context, salesItemNumber);
  }

  async removeFromSalesCompany(context: RequestContext, salesItemNumber: string, salesCompanyId: string) {
    if (!(await repository.deleteSalesCompanyState(this.db, salesItemNumber, salesCompanyId))) {
      throw notFound(
        'item-not-set-up',
        `Item ${salesItemNumber} is not set up at sales company ${salesCompanyId}.`,
      );
    }
    return this.getItem(context, salesItemNumber);
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
