import { Pix } from './pix.tsx';

export type { PixOptions } from './pix.tsx';
export { Pix };
/** The catalogue's lazy loader takes the module's default export. */
export default Pix;
