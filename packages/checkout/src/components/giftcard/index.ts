import { Giftcard } from './giftcard.tsx';

export type { GiftCardOptions as GiftcardOptions } from '../internal/gift-card/gift-card-element.tsx';
export { Giftcard };
/** The catalogue's lazy loader takes the module's default export. */
export default Giftcard;
