import { call, createBuyerWithUser, expectOk, type Platform } from './harness.ts';

/** The security profile the intruders of the isolation suites hold by mistake. */
export const MISASSIGNED_PROFILE_ID = 'misassigned';

/**
 * The cast of the isolation suites: vera of the company `victim`, and two intruders holding a
 * misassigned admin profile with `roles`: walt of vera's own company (for what OrderCloud scopes by
 * user) and ivan of the company `intruder`.
 */
export async function createIsolationCast(platform: Platform, roles: string[]): Promise<void> {
  await expectOk(
    await call(platform.app, platform.adminToken, 'POST', '/v1/securityprofiles', {
      ID: MISASSIGNED_PROFILE_ID,
      Name: 'Misassigned admin',
      Roles: roles,
    }),
    201,
  );
  await createBuyerWithUser(platform, { buyerId: 'victim', userId: 'vera', username: 'vera@victim.example' });
  await createBuyerWithUser(platform, {
    buyerId: 'victim',
    userId: 'walt',
    username: 'walt@victim.example',
    profiles: [MISASSIGNED_PROFILE_ID],
  });
  await createBuyerWithUser(platform, {
    buyerId: 'intruder',
    userId: 'ivan',
    username: 'ivan@intruder.example',
    profiles: [MISASSIGNED_PROFILE_ID],
  });
}
