import { HttpError, type ServiceApp } from '@actuate/service-kit';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { ListQuery, PageQuery, PatchBody } from '../../shared/validation.ts';
import { contextOf, requireRoles } from './guard.ts';
import { loginSource } from './login-throttle.ts';
import {
  ApiClient,
  ApiClientAssignment,
  ImpersonateTokenRequest,
  ImpersonationConfig,
  SecurityProfile,
  SecurityProfileAssignment,
  TokenRequest,
} from './models.ts';
import type { AuthService } from './service.ts';

const IdParams = z.object({ id: z.string() });
const UserParams = z.object({ buyerID: z.string(), userID: z.string() });

export async function authRoutes(
  app: ServiceApp,
  auth: AuthService,
  settings: { tokenRequestsPerMinute: number; trustedProxies: ReadonlySet<string> },
): Promise<void> {
  await app.register(formbody);
  // Per-address limit on the token endpoint; per-account throttling is in the service (database-backed).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () =>
      new HttpError(429, 'Auth.TooManyLoginAttempts', 'Too many token requests; try again later.'),
  });

  app.post(
    '/oauth/token',
    {
      config: { rateLimit: { max: settings.tokenRequestsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'OAuth2 token: password, client_credentials, refresh_token',
        body: TokenRequest,
      },
    },
    (request) =>
      auth.tokens.issueToken(
        request.body,
        new Date(),
        loginSource(
          request.socket.remoteAddress,
          request.headers['x-forwarded-for'],
          settings.trustedProxies,
        ),
      ),
  );

  app.post(
    '/v1/buyers/:buyerID/users/:userID/unlock',
    {
      ...requireRoles('BuyerUserAdmin'),
      schema: { tags: ['users'], params: UserParams },
    },
    async (request, reply) => {
      await auth.sessions.unlockUser(contextOf(request), request.params.buyerID, request.params.userID);
      return reply.status(204).send();
    },
  );

  const readClients = requireRoles('ApiClientAdmin', 'ApiClientReader');
  const writeClients = requireRoles('ApiClientAdmin');
  app.get(
    '/v1/apiclients',
    { ...readClients, schema: { tags: ['auth'], querystring: ListQuery } },
    (request) => auth.apiClients.list(contextOf(request), parseListQuery(request.query)),
  );
  app.get('/v1/apiclients/:id', { ...readClients, schema: { tags: ['auth'], params: IdParams } }, (request) =>
    auth.apiClients.get(contextOf(request), request.params.id),
  );
  app.post(
    '/v1/apiclients',
    { ...writeClients, schema: { tags: ['auth'], body: ApiClient } },
    async (request, reply) =>
      reply.status(201).send(await auth.apiClients.create(contextOf(request), request.body)),
  );
  app.put(
    '/v1/apiclients/:id',
    { ...writeClients, schema: { tags: ['auth'], params: IdParams, body: ApiClient } },
    (request) => auth.apiClients.save(contextOf(request), request.params.id, request.body),
  );
  app.patch(
    '/v1/apiclients/:id',
    { ...writeClients, schema: { tags: ['auth'], params: IdParams, body: PatchBody } },
    (request) => auth.apiClients.patch(contextOf(request), request.params.id, request.body),
  );
  app.delete(
    '/v1/apiclients/:id',
    { ...writeClients, schema: { tags: ['auth'], params: IdParams } },
    async (request, reply) => {
      await auth.apiClients.delete(contextOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // API client assignments: the static `assignments` route wins over `:id`.
  app.get(
    '/v1/apiclients/assignments',
    {
      ...readClients,
      schema: {
        tags: ['auth'],
        querystring: z.object({
          apiClientID: z.string().optional(),
          buyerID: z.string().optional(),
          supplierID: z.string().optional(),
          ...PageQuery,
        }),
      },
    },
    (request) => {
      const { apiClientID, buyerID, supplierID, page, pageSize } = request.query;
      return auth.apiClients.listAssignments(
        contextOf(request),
        { apiClientId: apiClientID, buyerId: buyerID, supplierId: supplierID },
        parseListQuery({ page, pageSize }),
      );
    },
  );
  app.post(
    '/v1/apiclients/assignments',
    { ...writeClients, schema: { tags: ['auth'], body: ApiClientAssignment } },
    async (request, reply) => {
      await auth.apiClients.saveAssignment(contextOf(request), request.body);
      return reply.status(204).send();
    },
  );
  // The SDK's spelling (ApiClients.DeleteBuyerAssignment).
  app.delete(
    '/v1/buyers/:buyerID/ApiClients/Assignments/:apiClientID',
    {
      ...writeClients,
      schema: { tags: ['auth'], params: z.object({ buyerID: z.string(), apiClientID: z.string() }) },
    },
    async (request, reply) => {
      await auth.apiClients.deleteAssignment(
        contextOf(request),
        request.params.buyerID,
        request.params.apiClientID,
      );
      return reply.status(204).send();
    },
  );

  // Token revocation (Me.RevokeTokens, Users.RevokeUserTokens) and impersonation (Users.GetAccessToken).
  // Ending one's own sessions needs no role (our choice): signing out everywhere must always work.
  app.delete('/v1/me/tokens', { schema: { tags: ['me'] } }, async (request, reply) => {
    await auth.sessions.revokeMyTokens(contextOf(request));
    return reply.status(204).send();
  });
  app.delete(
    '/v1/buyers/:buyerID/users/:userID/tokens',
    // The role that administers the buyer's users (our choice of role).
    { ...requireRoles('BuyerUserAdmin'), schema: { tags: ['users'], params: UserParams } },
    async (request, reply) => {
      await auth.sessions.revokeUserTokens(contextOf(request), request.params.buyerID, request.params.userID);
      return reply.status(204).send();
    },
  );
  app.post(
    '/v1/buyers/:buyerID/users/:userID/accesstoken',
    {
      ...requireRoles('BuyerImpersonation'),
      schema: { tags: ['users'], params: UserParams, body: ImpersonateTokenRequest },
    },
    (request) =>
      auth.impersonation.impersonate(
        contextOf(request),
        request.params.buyerID,
        request.params.userID,
        request.body,
      ),
  );

  // Impersonation configs: FullAccess or SetSecurityProfile, as OrderCloud documents.
  const configs = auth.impersonationConfigs;
  const manageConfigs = requireRoles('SetSecurityProfile');
  const configTags = ['impersonation'];
  app.get(
    '/v1/impersonationconfig',
    { ...manageConfigs, schema: { tags: configTags, querystring: ListQuery } },
    (request) => configs.list(contextOf(request), parseListQuery(request.query)),
  );
  app.get(
    '/v1/impersonationconfig/:id',
    { ...manageConfigs, schema: { tags: configTags, params: IdParams } },
    (request) => configs.get(contextOf(request), request.params.id),
  );
  app.post(
    '/v1/impersonationconfig',
    { ...manageConfigs, schema: { tags: configTags, body: ImpersonationConfig } },
    async (request, reply) => reply.status(201).send(await configs.create(contextOf(request), request.body)),
  );
  app.put(
    '/v1/impersonationconfig/:id',
    { ...manageConfigs, schema: { tags: configTags, params: IdParams, body: ImpersonationConfig } },
    (request) => configs.save(contextOf(request), request.params.id, request.body),
  );
  app.patch(
    '/v1/impersonationconfig/:id',
    { ...manageConfigs, schema: { tags: configTags, params: IdParams, body: PatchBody } },
    (request) => configs.patch(contextOf(request), request.params.id, request.body),
  );
  app.delete(
    '/v1/impersonationconfig/:id',
    { ...manageConfigs, schema: { tags: configTags, params: IdParams } },
    async (request, reply) => {
      await configs.delete(contextOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  const readProfiles = requireRoles('SecurityProfileAdmin', 'SecurityProfileReader');
  const writeProfiles = requireRoles('SecurityProfileAdmin');
  const AssignmentQuery = z.object({
    securityProfileID: z.string().optional(),
    buyerID: z.string().optional(),
    userID: z.string().optional(),
    userGroupID: z.string().optional(),
    ...PageQuery,
  });
  app.get(
    '/v1/securityprofiles/assignments',
    { ...readProfiles, schema: { tags: ['auth'], querystring: AssignmentQuery } },
    (request) => {
      const query = request.query;
      return auth.profiles.listAssignments(
        contextOf(request),
        {
          ...(query.securityProfileID ? { profileId: query.securityProfileID } : {}),
          ...(query.buyerID ? { buyerId: query.buyerID } : {}),
          ...(query.userID ? { userId: query.userID } : {}),
          ...(query.userGroupID ? { userGroupId: query.userGroupID } : {}),
        },
        parseListQuery({ page: query.page, pageSize: query.pageSize }),
      );
    },
  );
  app.post(
    '/v1/securityprofiles/assignments',
    { ...writeProfiles, schema: { tags: ['auth'], body: SecurityProfileAssignment } },
    async (request, reply) => {
      await auth.profiles.saveAssignment(contextOf(request), request.body);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/v1/securityprofiles/:id/assignments',
    {
      ...writeProfiles,
      schema: {
        tags: ['auth'],
        params: IdParams,
        querystring: z.object({
          buyerID: z.string().optional(),
          userID: z.string().optional(),
          userGroupID: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const { buyerID, userID, userGroupID } = request.query;
      await auth.profiles.deleteAssignment(contextOf(request), request.params.id, {
        BuyerID: buyerID,
        UserID: userID,
        UserGroupID: userGroupID,
      });
      return reply.status(204).send();
    },
  );
  app.get(
    '/v1/securityprofiles',
    { ...readProfiles, schema: { tags: ['auth'], querystring: ListQuery } },
    (request) => auth.profiles.list(contextOf(request), parseListQuery(request.query)),
  );
  app.get(
    '/v1/securityprofiles/:id',
    { ...readProfiles, schema: { tags: ['auth'], params: IdParams } },
    (request) => auth.profiles.get(contextOf(request), request.params.id),
  );
  app.post(
    '/v1/securityprofiles',
    { ...writeProfiles, schema: { tags: ['auth'], body: SecurityProfile } },
    async (request, reply) =>
      reply.status(201).send(await auth.profiles.create(contextOf(request), request.body)),
  );
  app.put(
    '/v1/securityprofiles/:id',
    { ...writeProfiles, schema: { tags: ['auth'], params: IdParams, body: SecurityProfile } },
    (request) => auth.profiles.save(contextOf(request), request.params.id, request.body),
  );
  app.patch(
    '/v1/securityprofiles/:id',
    { ...writeProfiles, schema: { tags: ['auth'], params: IdParams, body: PatchBody } },
    (request) => auth.profiles.patch(contextOf(request), request.params.id, request.body),
  );
  app.delete(
    '/v1/securityprofiles/:id',
    { ...writeProfiles, schema: { tags: ['auth'], params: IdParams } },
    async (request, reply) => {
      await auth.profiles.delete(contextOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
