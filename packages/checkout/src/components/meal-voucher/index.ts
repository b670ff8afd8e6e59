import { MealVoucherFR } from './meal-voucher.tsx';

export type { GiftCardOptions as MealVoucherOptions } from '../internal/gift-card/gift-card-element.tsx';
export { MealVoucherFR };
/** The catalogue's lazy loader takes the module's default export. */
export default MealVoucherFR;
