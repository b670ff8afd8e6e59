import { type Config, DEMO_DASHBOARD_PASSWORD } from '../../config.ts';
import type { DashboardAuthService } from './service.ts';

const production = (config: Config) => config.NODE_ENV === 'production';

/** Passwords sign-in refuses whatever is stored: the published demo password in production mode. */
export const refusedDashboardPasswords = (config: Config): ReadonlySet<string> =>
  new Set(production(config) ? [DEMO_DASHBOARD_PASSWORD] : []);

/**
 * Seeds the configured merchant's dashboard user, like its API keys: with DASHBOARD_PASSWORD, or the
 * published demo password outside production mode. In production mode without a password no user is
 * made, and a demo user left in the database stops accepting the demo password.
 */
export async function provisionDashboardUser(auth: DashboardAuthService, config: Config) {
  const password = config.DASHBOARD_PASSWORD ?? (production(config) ? undefined : DEMO_DASHBOARD_PASSWORD);
  if (production(config)) await auth.retirePassword(config.DASHBOARD_EMAIL, DEMO_DASHBOARD_PASSWORD);
  if (password)
    await auth.provisionUser({
      email: config.DASHBOARD_EMAIL,
      merchantAccount: config.PAYMENT_MERCHANT_ACCOUNT,
      password,
    });
}
