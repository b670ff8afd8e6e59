import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Each buyer user's cart choice, in the database so that every instance sees it (stateless servers).
 * The cart itself is an order of the orders module.
 */
export const activeCarts = pgTable('active_carts', {
  userId: text('user_id').primaryKey(),
  /** The order chosen with `PUT /cart/{orderID}`; null: the newest Unsubmitted order is the cart. */
  orderId: text('order_id'),
  /**
   * Moved by every choice and every cart created: creating a cart claims the version it read, so two
   * requests that both found no cart do not both create one.
   */
  version: integer('version').notNull().default(1),
});
