export { MBWay, MBWay as default, type MBWayOptions } from './mbway.tsx';
