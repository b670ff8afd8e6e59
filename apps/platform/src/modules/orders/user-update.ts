import type { UserUpdateStep } from '../users/service.ts';
import { refreshUserXpOfCarts } from './repository.ts';

/**
 * An order keeps its user as they were at its creation (`FromUser`), and the checkout integration and
 * the pre-submit check read the user's extension there. A cart is still being built, so it follows a
 * change of the extension (accepted terms, the ids the CRM and the ERP gave): a buyer who accepts
 * the terms with a full cart orders it. Submitted orders keep who placed them as they were.
 */
export const cartsOfUpdatedUser: UserUpdateStep = async (tx, user) => {
  if (!user.CompanyID) return;
  await refreshUserXpOfCarts(tx, { userId: user.ID, buyerId: user.CompanyID, xp: user.xp });
};
