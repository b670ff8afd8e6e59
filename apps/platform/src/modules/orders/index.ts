/**
 * The orders module's public surface: other modules and the app import from here, never from the
 * files behind it. See docs/architecture.md for the file map.
 */
export type { OrderEntity } from './entities.ts';
export {
  AddressBody,
  type Direction,
  LineItemBody,
  OrderBody,
  PaymentBody,
  ShipMethodSelections,
  TransactionBody,
} from './models.ts';
export { createOrderModule, type OrderModule } from './module.ts';
export { checkoutNotificationQueue } from './notification-queue.ts';
export { assertMay, may, OrderStatus } from './order-process.ts';
export { MARKETPLACE_ID, type OrdersService, requiresFromUser } from './orders-service.ts';
export { orderPromotionRoutes } from './promotion-routes.ts';
export { orderRoles } from './roles.ts';
export { orderRoutes } from './routes.ts';
export { shipmentRoutes } from './shipment-routes.ts';
export { ShipmentsService } from './shipments.ts';
export type { SubscriptionOrdersService } from './subscription-orders.ts';
export { ordersOfMovingUser } from './user-move.ts';
export { cartsOfUpdatedUser } from './user-update.ts';
