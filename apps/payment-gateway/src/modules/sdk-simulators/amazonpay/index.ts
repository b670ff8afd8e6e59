import type { Executor, ServiceApp } from '@actuate/service-kit';
import { AmazonCheckoutSessions } from './checkout-sessions.ts';
import { amazonPaySimulatorRoutes } from './simulator-routes.ts';
import { AmazonPayUtility } from './utility.ts';
import { amazonPayUtilityRoutes } from './utility-routes.ts';

export type { AmazonCheckoutSessions } from './checkout-sessions.ts';
export { amazonPayAccount, regionForCurrency } from './test-data.ts';

/**
 * The simulated Amazon Pay: its checkout sessions, the widget's utility calls (client API) and the
 * SDK simulator's service and hosted pages. The payment family reads the same sessions.
 */
export class AmazonPaySimulator {
  readonly sessions: AmazonCheckoutSessions;
  private readonly utility: AmazonPayUtility;

  constructor(
    db: Executor,
    private readonly tokenKey: Buffer,
    publicUrl: string,
  ) {
    this.sessions = new AmazonCheckoutSessions(db);
    this.utility = new AmazonPayUtility(this.sessions, tokenKey, publicUrl);
  }

  /** `v1/AmazonPayUtility/*`, inside the client API's scope (client key and origin checked). */
  clientApiRoutes(scope: ServiceApp) {
    amazonPayUtilityRoutes(scope, { utility: this.utility });
  }

  /** The SDK's service (`sdk-simulators/amazonpay/api/…`) and Amazon's confirm and decline pages. */
  routes(app: ServiceApp) {
    return amazonPaySimulatorRoutes(app, { sessions: this.sessions, tokenKey: this.tokenKey });
  }
}
