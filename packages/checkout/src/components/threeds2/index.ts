export {
  ThreeDS2Challenge,
  ThreeDS2DeviceFingerprint,
} from './threeds2-elements.tsx';
