import { type SchemeFailure, SchemeSimulator } from './simulator.ts';

/**
 * Sandbox stand-in for Visa's Click to Pay SRC-i adapter: `new window.vAdapters.VisaSRCI()` with
 * init, isRecognized, identityLookup({identityValue, type}), initiateIdentityValidation,
 * completeIdentityValidation(otp), getSrcProfile({idTokens}), checkout, unbindAppInstance. Errors are
 * thrown as `{ error: { reason, message } }`, as Visa's are.
 */
const shared = new SchemeSimulator('visa');

const visaError = (failure: unknown) => ({ error: failure as SchemeFailure });
const wrap =
  <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
  (...args: A) =>
    call(...args).catch((failure: unknown) => {
      throw visaError(failure);
    });

class VisaSRCI {
  init = wrap((params: Parameters<SchemeSimulator['init']>[0]) => shared.init(params));
  isRecognized = wrap(() => shared.isRecognized());
  identityLookup = wrap((identity: { identityValue: string; type: string }) =>
    shared.identityLookup(identity?.identityValue ?? ''),
  );
  initiateIdentityValidation = wrap(() => shared.initiateIdentityValidation());
  completeIdentityValidation = wrap((otp: string) => shared.completeIdentityValidation(String(otp ?? '')));
  getSrcProfile = wrap((params: { idTokens: string[] }) => shared.getSrcProfile(params));
  checkout = wrap((params: Parameters<SchemeSimulator['checkout']>[0]) => shared.checkout(params));
  unbindAppInstance = wrap(() => shared.unbindAppInstance());
}

const target = window as unknown as { vAdapters?: Record<string, unknown> };
target.vAdapters = { ...(target.vAdapters ?? {}), VisaSRCI };
