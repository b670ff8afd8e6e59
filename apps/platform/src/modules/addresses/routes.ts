import { Address, BuyerAddress } from '@actuate/contracts';
import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { entityBody, ListQuery, PatchBody } from '../../shared/validation.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import { AddressAssignment } from './models.ts';
import type { AddressesService } from './service.ts';

const BuyerParams = z.object({ buyerID: z.string() });
const AddressParams = BuyerParams.extend({ addressID: z.string() });
const MeAddressParams = z.object({ addressID: z.string() });
const tags = ['addresses'];
const AddressBody = entityBody(Address);
const BuyerAddressBody = entityBody(BuyerAddress);

export function addressRoutes(app: ServiceApp, service: AddressesService): void {
  const read = requireRoles('AddressAdmin', 'AddressReader');
  const write = requireRoles('AddressAdmin');
  const meRead = requireRoles('Shopper', 'MeAddressAdmin');
  const meWrite = requireRoles('MeAddressAdmin');

  const AssignmentQuery = z.object({
    addressID: z.string().optional(),
    userID: z.string().optional(),
    userGroupID: z.string().optional(),
    level: z.string().optional(),
    isShipping: z.string().optional(),
    isBilling: z.string().optional(),
    page: z.string().optional(),
    pageSize: z.string().optional(),
  });
  app.get(
    '/v1/buyers/:buyerID/addresses/assignments',
    { ...read, schema: { tags, params: BuyerParams, querystring: AssignmentQuery } },
    (request) => {
      const query = request.query;
      return service.listAssignments(
        contextOf(request),
        request.params.buyerID,
        { addressId: query.addressID, userId: query.userID, userGroupId: query.userGroupID },
        parseListQuery({ page: query.page, pageSize: query.pageSize }),
      );
    },
  );
  app.post(
    '/v1/buyers/:buyerID/addresses/assignments',
    { ...write, schema: { tags, params: BuyerParams, body: AddressAssignment } },
    async (request, reply) => {
      await service.saveAssignment(contextOf(request), request.params.buyerID, request.body);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/v1/buyers/:buyerID/addresses/:addressID/assignments',
    {
      ...write,
      schema: {
        tags,
        params: AddressParams,
        querystring: z.object({ userID: z.string().optional(), userGroupID: z.string().optional() }),
      },
    },
    async (request, reply) => {
      await service.deleteAssignment(contextOf(request), request.params.buyerID, request.params.addressID, {
        userId: request.query.userID,
        userGroupId: request.query.userGroupID,
      });
      return reply.status(204).send();
    },
  );
  app.get(
    '/v1/buyers/:buyerID/addresses',
    { ...read, schema: { tags, params: BuyerParams, querystring: ListQuery } },
    (request) => service.list(contextOf(request), request.params.buyerID, parseListQuery(request.query)),
  );
  app.get(
    '/v1/buyers/:buyerID/addresses/:addressID',
    { ...read, schema: { tags, params: AddressParams } },
    (request) => service.get(contextOf(request), request.params.buyerID, request.params.addressID),
  );
  app.post(
    '/v1/buyers/:buyerID/addresses',
    { ...write, schema: { tags, params: BuyerParams, body: AddressBody } },
    async (request, reply) =>
      reply.status(201).send(await service.create(contextOf(request), request.params.buyerID, request.body)),
  );
  app.put(
    '/v1/buyers/:buyerID/addresses/:addressID',
    { ...write, schema: { tags, params: AddressParams, body: AddressBody } },
    (request) =>
      service.save(contextOf(request), request.params.buyerID, request.params.addressID, request.body),
  );
  app.patch(
    '/v1/buyers/:buyerID/addresses/:addressID',
    { ...write, schema: { tags, params: AddressParams, body: PatchBody } },
    (request) =>
      service.patch(contextOf(request), request.params.buyerID, request.params.addressID, request.body),
  );
  app.delete(
    '/v1/buyers/:buyerID/addresses/:addressID',
    { ...write, schema: { tags, params: AddressParams } },
    async (request, reply) => {
      await service.delete(contextOf(request), request.params.buyerID, request.params.addressID);
      return reply.status(204).send();
    },
  );

  app.get('/v1/me/addresses', { ...meRead, schema: { tags: ['me'], querystring: ListQuery } }, (request) =>
    service.listMine(contextOf(request), parseListQuery(request.query)),
  );
  app.get(
    '/v1/me/addresses/:addressID',
    { ...meRead, schema: { tags: ['me'], params: MeAddressParams } },
    (request) => service.getMine(contextOf(request), request.params.addressID),
  );
  app.post(
    '/v1/me/addresses',
    { ...meWrite, schema: { tags: ['me'], body: BuyerAddressBody } },
    async (request, reply) =>
      reply.status(201).send(await service.createMine(contextOf(request), request.body)),
  );
  app.put(
    '/v1/me/addresses/:addressID',
    { ...meWrite, schema: { tags: ['me'], params: MeAddressParams, body: BuyerAddressBody } },
    (request) => service.saveMine(contextOf(request), request.params.addressID, request.body),
  );
  app.patch(
    '/v1/me/addresses/:addressID',
    { ...meWrite, schema: { tags: ['me'], params: MeAddressParams, body: PatchBody } },
    (request) => service.patchMine(contextOf(request), request.params.addressID, request.body),
  );
  app.delete(
    '/v1/me/addresses/:addressID',
    { ...meWrite, schema: { tags: ['me'], params: MeAddressParams } },
    async (request, reply) => {
      await service.deleteMine(contextOf(request), request.params.addressID);
      return reply.status(204).send();
    },
  );
}
