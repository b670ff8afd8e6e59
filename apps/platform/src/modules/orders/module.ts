import type { Database } from '@actuate/service-kit';
import type { AddressesService } from '../addresses/service.ts';
import type { ApprovalsService } from '../approvals/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { IncrementorsService } from '../incrementors/service.ts';
import type { IntegrationsService } from '../integrations/service.ts';
import type { PromotionsService } from '../promotions/service.ts';
import type { SpendingService } from '../spending/service.ts';
import type { UsersService } from '../users/service.ts';
import { OrderLifecycle } from './lifecycle.ts';
import { LineItemsService } from './line-items.ts';
import { OrderAccess } from './order-access.ts';
import { OrderAddressesService } from './order-addresses.ts';
import { OrderApprovalsService } from './order-approvals.ts';
import { OrderPromotionsService } from './order-promotions.ts';
import { OrderWriter } from './order-writer.ts';
import { OrdersService } from './orders-service.ts';
import { PaymentsService } from './payments.ts';
import type { OrderPorts } from './ports.ts';
import { SubmitService } from './submit.ts';
import { SubmitChecks } from './submit-checks.ts';
import { SubscriptionOrdersService } from './subscription-orders.ts';
import { WorksheetService } from './worksheet.ts';

/** The services of other modules that orders build on. */
export interface OrderDependencies {
  users: UsersService;
  addresses: AddressesService;
  catalog: CatalogService;
  integrations: IntegrationsService;
  approvals: ApprovalsService;
  spending: SpendingService;
  promotions: PromotionsService;
  incrementors: IncrementorsService;
}

/**
 * The order services, one per concern, wired on one shared read core (`OrderAccess`) and write core
 * (`OrderWriter`). Routes take the whole group; other modules take the one service they use.
 */
export function createOrderModule(db: Database, deps: OrderDependencies, ports: OrderPorts) {
  const access = new OrderAccess(db, deps.users);
  const writer = new OrderWriter(db, access, deps.promotions);
  const payments = new PaymentsService(db, access, deps.spending, ports);
  const worksheet = new WorksheetService(db, access, writer, deps.integrations, deps.promotions, ports);
  const lineItems = new LineItemsService(db, access, writer, deps.catalog, deps.addresses);
  const approvals = new OrderApprovalsService(db, access, deps.users, deps.approvals, payments, worksheet);
  const checks = new SubmitChecks(db, deps.catalog, deps.promotions, payments, worksheet);
  return {
    orders: new OrdersService(
      db,
      access,
      writer,
      deps.users,
      deps.addresses,
      deps.promotions,
      deps.incrementors,
    ),
    addresses: new OrderAddressesService(writer),
    lineItems,
    payments,
    worksheet,
    promotions: new OrderPromotionsService(db, access, writer, deps.promotions),
    approvals,
    lifecycle: new OrderLifecycle(db, access),
    submission: new SubmitService(
      db,
      access,
      checks,
      deps.approvals,
      approvals,
      deps.integrations,
      deps.promotions,
      payments,
      worksheet,
    ),
    subscriptionOrders: new SubscriptionOrdersService(
      db,
      writer,
      lineItems,
      worksheet,
      deps.users,
      deps.addresses,
      deps.catalog,
      deps.spending,
      deps.incrementors,
    ),
  };
}

export type OrderModule = ReturnType<typeof createOrderModule>;
