export { Blik, Blik as default, type BlikOptions } from './blik.tsx';
