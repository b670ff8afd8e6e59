import { BuyerUser } from '@actuate/contracts';
import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { entityBody, ListQuery, PatchBody } from '../../shared/validation.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import { UserGroup, UserGroupAssignment } from './models.ts';
import { UserOrderMoveOption } from './move.ts';
import type { UsersService } from './service.ts';

const BuyerParams = z.object({ buyerID: z.string() });
const UserParams = BuyerParams.extend({ userID: z.string() });
const GroupParams = BuyerParams.extend({ userGroupID: z.string() });
const AssignmentParams = GroupParams.extend({ userID: z.string() });
const tags = ['users'];
const UserBody = entityBody(BuyerUser);

export function userRoutes(app: ServiceApp, users: UsersService): void {
  const readUsers = requireRoles('BuyerUserAdmin', 'BuyerUserReader');
  const writeUsers = requireRoles('BuyerUserAdmin');
  const readGroups = requireRoles('UserGroupAdmin', 'UserGroupReader');
  const writeGroups = requireRoles('UserGroupAdmin');
  const meRead = requireRoles('Shopper', 'MeAdmin', 'MeXpAdmin');

  // Buyer users
  app.get(
    '/v1/buyers/:buyerID/users',
    { ...readUsers, schema: { tags, params: BuyerParams, querystring: ListQuery } },
    (request) => {
      const groupId = (request.query as Record<string, string | undefined>).userGroupID;
      return users.list(
        contextOf(request),
        request.params.buyerID,
        parseListQuery(request.query, ['userGroupID']),
        groupId,
      );
    },
  );
  app.get(
    '/v1/buyers/:buyerID/users/:userID',
    { ...readUsers, schema: { tags, params: UserParams } },
    (request) => users.get(contextOf(request), request.params.buyerID, request.params.userID),
  );
  app.post(
    '/v1/buyers/:buyerID/users',
    { ...writeUsers, schema: { tags, params: BuyerParams, body: UserBody } },
    async (request, reply) =>
      reply.status(201).send(await users.create(contextOf(request), request.params.buyerID, request.body)),
  );
  app.put(
    '/v1/buyers/:buyerID/users/:userID',
    { ...writeUsers, schema: { tags, params: UserParams, body: UserBody } },
    (request) => users.save(contextOf(request), request.params.buyerID, request.params.userID, request.body),
  );
  app.patch(
    '/v1/buyers/:buyerID/users/:userID',
    { ...writeUsers, schema: { tags, params: UserParams, body: PatchBody } },
    (request) => users.patch(contextOf(request), request.params.buyerID, request.params.userID, request.body),
  );
  app.post(
    '/v1/buyers/:buyerID/users/:userID/moveto/:newBuyerID',
    {
      ...writeUsers,
      schema: {
        tags,
        params: UserParams.extend({ newBuyerID: z.string() }),
        // OrderCloud documents `orders` as required.
        querystring: z.object({ orders: UserOrderMoveOption }),
      },
    },
    async (request, reply) => {
      const { buyerID, userID, newBuyerID } = request.params;
      const moved = await users.moves.move(
        contextOf(request),
        buyerID,
        userID,
        newBuyerID,
        request.query.orders,
      );
      return reply.status(201).send(moved);
    },
  );
  app.get('/v1/buyerusers', { ...readUsers, schema: { tags, querystring: ListQuery } }, (request) =>
    users.listAcrossBuyers(contextOf(request), parseListQuery(request.query)),
  );
  app.delete(
    '/v1/buyers/:buyerID/users/:userID',
    { ...writeUsers, schema: { tags, params: UserParams } },
    async (request, reply) => {
      await users.delete(contextOf(request), request.params.buyerID, request.params.userID);
      return reply.status(204).send();
    },
  );

  // User groups and their assignments (the static `assignments` routes win over `:userGroupID`)
  const AssignmentQuery = z.object({
    userGroupID: z.string().optional(),
    userID: z.string().optional(),
    page: z.string().optional(),
    pageSize: z.string().optional(),
  });
  app.get(
    '/v1/buyers/:buyerID/usergroups/assignments',
    { ...readGroups, schema: { tags, params: BuyerParams, querystring: AssignmentQuery } },
    (request) =>
      users.groups.listAssignments(
        contextOf(request),
        request.params.buyerID,
        { userGroupId: request.query.userGroupID, userId: request.query.userID },
        parseListQuery({ page: request.query.page, pageSize: request.query.pageSize }),
      ),
  );
  app.post(
    '/v1/buyers/:buyerID/usergroups/assignments',
    { ...writeGroups, schema: { tags, params: BuyerParams, body: UserGroupAssignment } },
    async (request, reply) => {
      await users.groups.saveAssignment(contextOf(request), request.params.buyerID, request.body);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/v1/buyers/:buyerID/usergroups/:userGroupID/assignments/:userID',
    { ...writeGroups, schema: { tags, params: AssignmentParams } },
    async (request, reply) => {
      const { buyerID, userGroupID, userID } = request.params;
      await users.groups.deleteAssignment(contextOf(request), buyerID, userGroupID, userID);
      return reply.status(204).send();
    },
  );
  app.get(
    '/v1/buyers/:buyerID/usergroups',
    { ...readGroups, schema: { tags, params: BuyerParams, querystring: ListQuery } },
    (request) => users.groups.list(contextOf(request), request.params.buyerID, parseListQuery(request.query)),
  );
  app.get(
    '/v1/buyers/:buyerID/usergroups/:userGroupID',
    { ...readGroups, schema: { tags, params: GroupParams } },
    (request) => users.groups.get(contextOf(request), request.params.buyerID, request.params.userGroupID),
  );
  app.post(
    '/v1/buyers/:buyerID/usergroups',
    { ...writeGroups, schema: { tags, params: BuyerParams, body: UserGroup } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await users.groups.create(contextOf(request), request.params.buyerID, request.body)),
  );
  app.put(
    '/v1/buyers/:buyerID/usergroups/:userGroupID',
    { ...writeGroups, schema: { tags, params: GroupParams, body: UserGroup } },
    (request) =>
      users.groups.save(contextOf(request), request.params.buyerID, request.params.userGroupID, request.body),
  );
  app.patch(
    '/v1/buyers/:buyerID/usergroups/:userGroupID',
    { ...writeGroups, schema: { tags, params: GroupParams, body: PatchBody } },
    (request) =>
      users.groups.patch(
        contextOf(request),
        request.params.buyerID,
        request.params.userGroupID,
        request.body,
      ),
  );
  app.delete(
    '/v1/buyers/:buyerID/usergroups/:userGroupID',
    { ...writeGroups, schema: { tags, params: GroupParams } },
    async (request, reply) => {
      await users.groups.delete(contextOf(request), request.params.buyerID, request.params.userGroupID);
      return reply.status(204).send();
    },
  );

  // Me
  app.get('/v1/me', { ...meRead, schema: { tags: ['me'] } }, (request) =>
    users.describeMe(contextOf(request)),
  );
  app.patch('/v1/me', { schema: { tags: ['me'], body: PatchBody } }, async (request) => {
    const context = contextOf(request);
    await users.patchMe(context, request.body);
    return users.describeMe(context);
  });
  app.put('/v1/me', { schema: { tags: ['me'], body: UserBody } }, async (request) => {
    const context = contextOf(request);
    await users.putMe(context, request.body);
    return users.describeMe(context);
  });
  app.get('/v1/me/usergroups', { ...meRead, schema: { tags: ['me'], querystring: ListQuery } }, (request) =>
    users.groups.listMine(contextOf(request), parseListQuery(request.query)),
  );
}
