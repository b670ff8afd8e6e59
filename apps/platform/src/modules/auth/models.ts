import { z } from 'zod';

export const TokenRequest = z.object({
  grant_type: z.string(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  refresh_token: string | null;
}

const Id = z.string().regex(/^[A-Za-z0-9_-]+$/, 'IDs contain letters, digits, hyphens and underscores only');

export const SecurityProfile = z.object({
  ID: Id.optional(),
  Name: z.string().min(1),
  Roles: z.array(z.string()).default([]),
  CustomRoles: z.array(z.string().min(1)).default([]),
});
export type SecurityProfile = z.infer<typeof SecurityProfile>;

export const SecurityProfileAssignment = z.object({
  SecurityProfileID: z.string().min(1),
  BuyerID: z.string().nullish(),
  UserID: z.string().nullish(),
  UserGroupID: z.string().nullish(),
  SupplierID: z.string().nullish(),
});
export type SecurityProfileAssignment = z.infer<typeof SecurityProfileAssignment>;

/** The longest an access token lives (OrderCloud's maximum AccessTokenDuration, minutes). */
export const MAX_ACCESS_TOKEN_MINUTES = 600;

export const ApiClient = z.object({
  ID: Id.optional(),
  AppName: z.string().min(1),
  ClientSecret: z.string().min(16).nullish(),
  Active: z.boolean().default(true),
  AllowAnyBuyer: z.boolean().default(true),
  AllowSeller: z.boolean().default(false),
  /** Anonymous shopping: the client's DefaultContextUserName is the anonymous template user. */
  IsAnonBuyer: z.boolean().default(false),
  DefaultContextUserName: z.string().nullish(),
  AccessTokenDuration: z.int().min(10).max(MAX_ACCESS_TOKEN_MINUTES).default(MAX_ACCESS_TOKEN_MINUTES),
  RefreshTokenDuration: z.int().min(0).max(525_600).default(43_200),
  OrderCheckoutIntegrationEventID: z.string().nullish(),
  xp: z.record(z.string(), z.unknown()).optional(),
});
export type ApiClient = z.infer<typeof ApiClient>;

export const ApiClientAssignment = z.object({
  ApiClientID: z.string().min(1),
  BuyerID: z.string().min(1).nullish(),
  SupplierID: z.string().min(1).nullish(),
});
export type ApiClientAssignment = z.infer<typeof ApiClientAssignment>;

/** `POST /buyers/{buyerID}/users/{userID}/accesstoken` (Users.GetAccessToken). */
export const ImpersonateTokenRequest = z.object({
  ClientID: z.string().min(1),
  Roles: z.array(z.string()),
  CustomRoles: z.array(z.string().min(1)).default([]),
});
export type ImpersonateTokenRequest = z.infer<typeof ImpersonateTokenRequest>;

const PartyId = z.string().min(1).nullish();

/**
 * Who may impersonate (`Impersonation…ID`) whom (`BuyerID`, `GroupID`, `UserID`) through which API
 * client, with the roles of which profile; a missing party matches anyone.
 */
export const ImpersonationConfig = z.object({
  ID: Id.optional(),
  ImpersonationBuyerID: PartyId,
  ImpersonationGroupID: PartyId,
  ImpersonationUserID: PartyId,
  BuyerID: PartyId,
  GroupID: PartyId,
  UserID: PartyId,
  SecurityProfileID: z.string().min(1),
  ClientID: z.string().min(1),
});
export type ImpersonationConfig = z.infer<typeof ImpersonationConfig>;
