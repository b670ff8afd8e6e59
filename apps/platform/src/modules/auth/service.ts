import type { Database } from '@actuate/service-kit';
import type { BuyersService } from '../buyers/service.ts';
import type { UsersService } from '../users/service.ts';
import { AccessTokens } from './access-tokens.ts';
import { ApiClients } from './api-clients.ts';
import { ImpersonationConfigs } from './impersonation.ts';
import { ImpersonationTokens } from './impersonation-tokens.ts';
import { LoginThrottle, type ThrottleSettings } from './login-throttle.ts';
import type { TokenRevocations } from './revocations.ts';
import { RoleChanges } from './role-changes.ts';
import { SecurityProfiles } from './security-profiles.ts';
import { Sessions } from './sessions.ts';
import { TokenGrants } from './token-grants.ts';
import type { TokenSigner } from './tokens.ts';

/**
 * The auth module, one part per concern: the token endpoint, API clients (and their buyer assignments),
 * security profiles, impersonation, and sessions (revocation, login locks). The routes call the parts;
 * other modules use the few methods below.
 */
export class AuthService {
  readonly tokens: TokenGrants;
  readonly apiClients: ApiClients;
  readonly profiles: SecurityProfiles;
  readonly impersonationConfigs: ImpersonationConfigs;
  readonly impersonation: ImpersonationTokens;
  readonly sessions: Sessions;
  /** Ends the sessions a change of roles or of a user's access makes out of date. */
  readonly roleChanges: RoleChanges;

  constructor(
    db: Database,
    signer: TokenSigner,
    users: UsersService,
    buyers: BuyersService,
    throttleSettings: ThrottleSettings,
    revocations: TokenRevocations,
  ) {
    const throttle = new LoginThrottle(db, throttleSettings);
    const accessTokens = new AccessTokens(signer, buyers);
    this.roleChanges = new RoleChanges(revocations, users);
    this.apiClients = new ApiClients(db, buyers);
    this.profiles = new SecurityProfiles(db, users, buyers, this.roleChanges);
    this.tokens = new TokenGrants(db, users, this.profiles, accessTokens, throttle, revocations);
    this.impersonationConfigs = new ImpersonationConfigs(db, users, buyers);
    this.impersonation = new ImpersonationTokens(db, users, this.impersonationConfigs, accessTokens);
    this.sessions = new Sessions(db, users, throttle, revocations);
  }

  /** What the auth module does when a buyer user moves to another buyer. */
  get userMove() {
    return this.sessions.userMove;
  }

  /** The checkout integration event linked to an API client, if any. */
  checkoutEventIdOf(clientId: string): Promise<string | undefined> {
    return this.apiClients.checkoutEventIdOf(clientId);
  }

  /** The short-lived token an integration receives with a call (see `TokenGrants.contextUserToken`). */
  contextUserToken(clientId: string, now: Date, roles?: readonly string[]): Promise<string | undefined> {
    return this.tokens.contextUserToken(clientId, now, roles);
  }
}
