import { requireRoles } from '../auth/guard.ts';

/** Who may read an order, change it, and act as the marketplace on it (cart and order promotions too). */
export const orderRoles = () => ({
  read: requireRoles('Shopper', 'OrderAdmin', 'OrderReader'),
  write: requireRoles('Shopper', 'OrderAdmin'),
  admin: requireRoles('OrderAdmin'),
});
