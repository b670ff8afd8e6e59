import type { RequestContext } from '@actuate/service-kit';

export type UserType = 'buyer' | 'admin';

/** Who is calling, read from the access token of every `/v1` request. */
export interface Caller {
  userId: string;
  username: string;
  type: UserType;
  /** The buyer company of a buyer user; undefined for admin users. */
  buyerId: string | undefined;
  clientId: string;
  roles: ReadonlySet<string>;
  /** Set when the token is an impersonation: the user who asked for it acts as `userId`. */
  impersonatorId?: string;
  /** The platform's own start-up work (seeding, wiring); never set from a token. */
  system?: true;
}

export interface PlatformContext extends RequestContext {
  caller: Caller;
  /** The caller's bearer token, passed on to integrations as OrderCloudAccessToken. */
  accessToken: string;
  currency: string;
  locale: string | undefined;
}
