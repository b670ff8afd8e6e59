export {
  createThreeDS2Element,
  ThreeDS2Challenge,
  ThreeDS2DeviceFingerprint,
  type ThreeDS2Options,
} from './threeds2-elements.tsx';
export { CHALLENGE_WINDOW_SIZES, THREEDS2_ERRORS } from './threeds2-protocol.ts';
