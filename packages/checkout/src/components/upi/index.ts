export { Upi, Upi as default, type UpiOptions } from './upi.tsx';
