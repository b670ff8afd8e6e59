import { Ach } from './ach.tsx';

export type { AchOptions } from './ach.tsx';
export { Ach };
/** The catalogue's lazy loader takes the module's default export. */
export default Ach;
