export { Card } from './card.tsx';
export type { CardOptions } from './card-options.ts';
export { CustomCard, type CustomCardOptions } from './custom-card.ts';
