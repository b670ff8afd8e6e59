import { useEffect, useId, useRef, useState } from 'react';
import type { Checkout } from '../../core/checkout.ts';
import { CheckoutError } from '../../core/errors.ts';
import { http, withQuery } from '../../core/http.ts';
import type { ComponentData, PaymentAction } from '../../core/types.ts';
import { useViewState } from '../base/element-root.tsx';
import { Spinner } from '../base/pay-button.tsx';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import { ChallengeDialog } from './challenge-dialog.tsx';
import {
  CHALLENGE_NO_PAYMENT_DATA,
  CHALLENGE_TIMEOUT_MS,
  CHALLENGE_WINDOW_SIZES,
  type ChallengeToken,
  challengeWindowSize,
  decodeToken,
  encodeBase64Json,
  encodeBase64UrlJson,
  FINGERPRINT_NO_PAYMENT_DATA,
  FINGERPRINT_TIMEOUT_MS,
  type FingerprintToken,
  listenForResult,
  MISSING_TOKEN,
  originOf,
  postFormToFrame,
  SHORT_PAYMENT_DATA_LENGTH,
  THREEDS2_ERRORS,
  type ThreeDS2ErrorName,
  TokenDecodeError,
} from './threeds2-protocol.ts';

/** Options of the 3-D Secure 2 components (set by the widget from the action). */
export interface ThreeDS2Options extends ElementOptions {
  token?: string;
  paymentData?: string;
  authorisationToken?: string;
  challengeWindowSize?: string;
}

type CompInd = 'Y' | 'N' | 'U';

abstract class ThreeDS2Element extends PaymentElement<ThreeDS2Options> {
  protected formatData(): ComponentData {
    return { paymentMethod: { type: this.type } };
  }

  override get isValid() {
    return true;
  }

  /** A challenge that follows this fingerprint keeps the requested window size. */
  protected override actionOptions(): Record<string, unknown> {
    return this.options.challengeWindowSize ? { challengeWindowSize: this.options.challengeWindowSize } : {};
  }

  /** Reports a 3DS2 error (code and internal name) to onError and analytics. */
  reportError(
    name: ThreeDS2ErrorName,
    message: string,
    type: 'ERROR' | 'API_ERROR' = 'ERROR',
  ): CheckoutError {
    const code = THREEDS2_ERRORS[name];
    const error = new CheckoutError(type, `${code}: ${message}`, { code });
    this.checkout.analytics.send('errors', { type: 'threeDS2', code, message: name });
    this.callbacks.onError?.(error, this.options.parent ?? this);
    return error;
  }
}

/**
 * The 3DS2 device fingerprint: posts threeDSMethodData into a hidden frame, waits up to 10 s for the
 * method-notification page's message, then submits the result (or completes directly, MD flow).
 */
export class ThreeDS2DeviceFingerprint extends ThreeDS2Element {
  static override type = 'threeDS2Fingerprint';

  /** Validates the action and token; returns the frame set-up or the completion it must give at once. */
  prepare():
    | { kind: 'frame'; methodUrl: string; notificationOrigin: string; methodData: string }
    | { kind: 'complete'; threeDSCompInd: CompInd; errorCode: ThreeDS2ErrorName } {
    const { token } = this.options;
    if (!token) {
      this.reportError('ACTION_IS_MISSING_TOKEN', MISSING_TOKEN);
      return { kind: 'complete', threeDSCompInd: 'N', errorCode: 'ACTION_IS_MISSING_TOKEN' };
    }
    let decoded: FingerprintToken;
    try {
      decoded = decodeToken<FingerprintToken>(token);
    } catch (error) {
      this.reportError(
        'TOKEN_DECODE_OR_PARSING_FAILED',
        error instanceof TokenDecodeError ? error.message : 'token',
      );
      return { kind: 'complete', threeDSCompInd: 'N', errorCode: 'TOKEN_DECODE_OR_PARSING_FAILED' };
    }
    const methodOrigin = originOf(decoded.threeDSMethodUrl);
    if (!decoded.threeDSMethodUrl || !methodOrigin) {
      return { kind: 'complete', threeDSCompInd: 'U', errorCode: 'TOKEN_IS_MISSING_THREEDSMETHODURL' };
    }
    const notificationOrigin = originOf(decoded.threeDSMethodNotificationURL);
    if (!notificationOrigin || !decoded.threeDSServerTransID) {
      this.reportError(
        'TOKEN_IS_MISSING_OTHER_PROPS',
        'threeDSMethodNotificationURL or threeDSServerTransID is missing',
      );
      return { kind: 'complete', threeDSCompInd: 'N', errorCode: 'TOKEN_IS_MISSING_OTHER_PROPS' };
    }
    const methodData = encodeBase64UrlJson({
      threeDSServerTransID: decoded.threeDSServerTransID,
      threeDSMethodNotificationURL: decoded.threeDSMethodNotificationURL,
    });
    return { kind: 'frame', methodUrl: decoded.threeDSMethodUrl, notificationOrigin, methodData };
  }

  /** Sends the fingerprint result on and follows the answer (details, challenge or redirect). */
  async complete(threeDSCompInd: CompInd): Promise<void> {
    const { paymentData } = this.options;
    const fingerprintResult = encodeBase64Json({ threeDSCompInd });
    this.checkout.analytics.send('info', {
      type: 'threeDS2',
      target: 'fingerprint',
      message: resultLabel(threeDSCompInd),
    });
    if (!paymentData) {
      this.reportError('ACTION_IS_MISSING_PAYMENT_DATA', FINGERPRINT_NO_PAYMENT_DATA);
      return;
    }
    if (paymentData.length < SHORT_PAYMENT_DATA_LENGTH) {
      await this.submitAdditionalDetails({
        details: { 'threeds2.fingerprint': fingerprintResult },
        paymentData,
      });
      return;
    }
    let response: { type?: string; details?: Record<string, string>; action?: PaymentAction };
    try {
      response = await http(
        withQuery(`${this.checkout.loadingContext}v1/submitThreeDS2Fingerprint`, {
          token: this.checkout.clientKey,
        }),
        {
          body: { fingerprintResult, paymentData },
        },
      );
    } catch (error) {
      const failure =
        error instanceof CheckoutError ? error : new CheckoutError('NETWORK_ERROR', String(error));
      this.callbacks.onError?.(failure, this.options.parent ?? this);
      this.options.parent?.onFinalResult('failure', undefined);
      return;
    }
    if (response.type === 'completed') {
      if (response.details) await this.submitAdditionalDetails({ details: response.details });
      else
        this.reportError('NO_DETAILS_FOR_FRICTIONLESS_OR_REFUSED', 'frictionless or refused without details');
      return;
    }
    if (response.type === 'action' && !response.action) {
      this.reportError('NO_ACTION_FOR_CHALLENGE', 'no action for the challenge');
      return;
    }
    const action = response.action;
    if (action && (action.type === 'threeDS2' || action.type === 'redirect')) {
      (this.options.parent ?? this).handleAction(action);
      return;
    }
    this.reportError(
      'NO_COMPONENT_FOR_ACTION',
      `no component for action ${action?.type ?? response.type ?? ''}`,
    );
  }

  renderView() {
    return <Fingerprint element={this} />;
  }
}

const resultLabel = (ind: CompInd) =>
  ind === 'Y' ? 'success' : ind === 'U' ? 'noThreeDSMethodURL' : 'failed';

function Fingerprint({ element }: { element: ThreeDS2DeviceFingerprint }) {
  const frameName = `threeDSMethodIframe-${useId().replace(/:/g, '')}`;
  const frame = useRef<HTMLIFrameElement>(null);
  const { i18n } = element.checkout;
  useEffect(() => {
    const plan = element.prepare();
    if (plan.kind === 'complete') {
      void element.complete(plan.threeDSCompInd);
      return;
    }
    const cancel = listenForResult<{ threeDSCompInd?: CompInd }>(
      plan.notificationOrigin,
      'fingerPrintResult',
      FINGERPRINT_TIMEOUT_MS,
      (result, timedOut) => {
        if (timedOut)
          element.checkout.analytics.send('errors', {
            type: 'threeDS2',
            code: THREEDS2_ERRORS.THREEDS2_TIMEOUT,
            message: 'fingerprint timeout',
          });
        void element.complete(timedOut ? 'N' : (result?.threeDSCompInd ?? 'N'));
      },
    );
    postFormToFrame(frameName, plan.methodUrl, 'threeDSMethodData', plan.methodData);
    return cancel;
  }, [element, frameName]);
  return (
    <div className="actuate-checkout__threeds2-fingerprint">
      {element.props.isDropin ? null : <Spinner label={i18n.get('threeds2.fingerprint.description')} />}
      <iframe
        ref={frame}
        name={frameName}
        title={i18n.get('threeds2.fingerprint.description')}
        className="actuate-checkout__hidden-frame"
        tabIndex={-1}
        aria-hidden="true"
      />
    </div>
  );
}

/**
 * The 3DS2 challenge: posts the CReq into a frame of the requested window size and waits up to
 * 10 minutes for the notification page's message, then submits threeDSResult.
 */
export class ThreeDS2Challenge extends ThreeDS2Element {
  static override type = 'threeDS2Challenge';

  /** Validates the action and token; returns the frame set-up or the completion it must give at once. */
  prepare():
    | { kind: 'frame'; acsUrl: string; notificationOrigin: string; creq: string; size: string }
    | { kind: 'error'; message: string } {
    const { token, paymentData, authorisationToken } = this.options;
    const fail = (name: ThreeDS2ErrorName, message: string) => {
      this.reportError(name, message);
      return {
        kind: 'error' as const,
        message: `${THREEDS2_ERRORS[name]}: ${this.checkout.i18n.get('err.gen.9102')}`,
      };
    };
    if (!paymentData && !authorisationToken)
      return fail('ACTION_IS_MISSING_PAYMENT_DATA', CHALLENGE_NO_PAYMENT_DATA);
    if (!token) return fail('ACTION_IS_MISSING_TOKEN', MISSING_TOKEN);
    let decoded: ChallengeToken;
    try {
      decoded = decodeToken<ChallengeToken>(token);
    } catch (error) {
      return fail(
        'TOKEN_DECODE_OR_PARSING_FAILED',
        error instanceof TokenDecodeError ? error.message : 'token',
      );
    }
    const acsOrigin = originOf(decoded.acsURL);
    if (!decoded.acsURL || !acsOrigin) return fail('TOKEN_IS_MISSING_ACSURL', 'acsURL is missing or invalid');
    const notificationOrigin = originOf(decoded.threeDSNotificationURL);
    if (
      !decoded.acsTransID ||
      !decoded.messageVersion ||
      !decoded.threeDSServerTransID ||
      !notificationOrigin
    ) {
      return fail(
        'TOKEN_IS_MISSING_OTHER_PROPS',
        'acsTransID, messageVersion, threeDSServerTransID or threeDSNotificationURL is missing',
      );
    }
    const size = challengeWindowSize(this.options.challengeWindowSize);
    const creq = encodeBase64UrlJson({
      acsTransID: decoded.acsTransID,
      messageVersion: decoded.messageVersion,
      threeDSServerTransID: decoded.threeDSServerTransID,
      messageType: 'CReq',
      challengeWindowSize: size,
    });
    return { kind: 'frame', acsUrl: decoded.acsURL, notificationOrigin, creq, size };
  }

  /** Maps the challenge result to details; an error code (timeout) still sends transStatus U. */
  async complete(result: { transStatus?: string } | undefined, timedOut: boolean): Promise<void> {
    if (!result && !timedOut) {
      this.reportError('CHALLENGE_RESOLVED_WITHOUT_RESULT_PROP', 'challenge resolved without a result');
      return;
    }
    const transStatus = timedOut ? 'U' : result?.transStatus;
    if (!transStatus) {
      this.reportError('NO_TRANSSTATUS', 'no transStatus in the challenge result');
    }
    if (timedOut) this.reportError('THREEDS2_TIMEOUT', 'challenge timed out');
    const label = timedOut
      ? 'timeout'
      : transStatus === 'Y'
        ? 'success'
        : transStatus === 'N'
          ? 'failed'
          : transStatus === 'U'
            ? 'cancelled'
            : 'noTransStatus';
    this.checkout.analytics.send('info', { type: 'threeDS2', target: 'challenge', message: label });
    const threeDSResult = encodeBase64Json({
      transStatus: transStatus ?? 'U',
      authorisationToken: this.options.authorisationToken,
    });
    await this.submitAdditionalDetails({
      details: { threeDSResult },
      ...(this.options.paymentData && !this.options.authorisationToken
        ? { paymentData: this.options.paymentData }
        : {}),
    });
  }

  renderView() {
    return <Challenge element={this} />;
  }
}

function Challenge({ element }: { element: ThreeDS2Challenge }) {
  const frameName = `threeDSIframe-${useId().replace(/:/g, '')}`;
  const { i18n } = element.checkout;
  useViewState(element);
  const [plan] = useState(() => element.prepare());
  const [loaded, setLoaded] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (plan.kind !== 'frame') return;
    const cancel = listenForResult<{ transStatus?: string }>(
      plan.notificationOrigin,
      'challengeResult',
      CHALLENGE_TIMEOUT_MS,
      (result, timedOut) => {
        setSubmitted(true);
        void element.complete(result, timedOut);
      },
    );
    postFormToFrame(frameName, plan.acsUrl, 'creq', plan.creq);
    return cancel;
  }, [element, plan, frameName]);

  if (plan.kind === 'error') {
    return (
      <div className="actuate-checkout__threeds2-error" role="alert">
        <span className="actuate-checkout__error-icon" aria-hidden="true">
          !
        </span>
        <span>{plan.message}</span>
      </div>
    );
  }
  const [width, height] = CHALLENGE_WINDOW_SIZES[plan.size]!;
  const label = i18n.get('threeds2.challenge.description');
  return (
    <div
      className={`actuate-checkout__threeds2-challenge actuate-checkout__threeds2-challenge--${plan.size}`}
      data-size={plan.size}
    >
      {submitted ? <Spinner label={label} /> : null}
      <ChallengeDialog open={!submitted} label={label} size={plan.size}>
        {!loaded ? <Spinner label={label} /> : null}
        <iframe
          name={frameName}
          title={label}
          className="actuate-checkout__challenge-frame"
          width={width}
          height={height}
          hidden={submitted}
          onLoad={() => setLoaded(true)}
        />
      </ChallengeDialog>
    </div>
  );
}

/** Creates the fingerprint or challenge element for a threeDS2 action. */
export function createThreeDS2Element(
  checkout: Checkout,
  action: PaymentAction,
  options: Record<string, unknown>,
) {
  const props: ThreeDS2Options = {
    ...(options as ThreeDS2Options),
    ...(action.token ? { token: action.token } : {}),
    ...(action.paymentData ? { paymentData: action.paymentData } : {}),
    ...(action.authorisationToken ? { authorisationToken: action.authorisationToken } : {}),
  };
  return action.subtype === 'challenge'
    ? new ThreeDS2Challenge(checkout, props)
    : new ThreeDS2DeviceFingerprint(checkout, props);
}
