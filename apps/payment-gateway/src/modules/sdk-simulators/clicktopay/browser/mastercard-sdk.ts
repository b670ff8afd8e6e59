import { SchemeSimulator } from './simulator.ts';

/**
 * Sandbox stand-in for Mastercard's Click to Pay SDK: `window.SRCSDK_MASTERCARD` with init,
 * isRecognized, identityLookup({consumerIdentity}), initiateIdentityValidation,
 * completeIdentityValidation({validationData}), getSrcProfile({idTokens}), checkout (the DCF goes
 * into `windowRef` when given), unbindAppInstance. Errors are thrown as `{ reason, message }`.
 */
const shared = new SchemeSimulator('mc');

const sdk = {
  init: (params: Parameters<SchemeSimulator['init']>[0]) => shared.init(params),
  isRecognized: () => shared.isRecognized(),
  identityLookup: (params: { consumerIdentity?: { identityValue?: string; identityType?: string } }) =>
    shared.identityLookup(params?.consumerIdentity?.identityValue ?? ''),
  initiateIdentityValidation: () => shared.initiateIdentityValidation(),
  completeIdentityValidation: (params: { validationData?: string }) =>
    shared.completeIdentityValidation(String(params?.validationData ?? '')),
  getSrcProfile: (params: { idTokens: string[] }) => shared.getSrcProfile(params),
  checkout: (params: Parameters<SchemeSimulator['checkout']>[0]) => shared.checkout(params),
  unbindAppInstance: () => shared.unbindAppInstance(),
};

(window as unknown as { SRCSDK_MASTERCARD?: typeof sdk }).SRCSDK_MASTERCARD = sdk;
