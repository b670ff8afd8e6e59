import { verifyErpSignature } from '@actuate/contracts/signatures';
import { notFound, type ServiceApp, unauthorized } from '@actuate/service-kit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PlatformClient } from '../../clients/platform-client.ts';
import { type CallerKeys, callerOf } from '../../shared/admin-key.ts';
import { keepRawJsonBody } from '../../shared/raw-body.ts';
import { problems, Timestamp } from '../../shared/responses.ts';
import type { ErpSubmissionRow } from './repository.ts';
import type { ErpService } from './service.ts';

const OrderParams = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });

const CallbackBody = z.looseObject({
  eventId: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  subject: z.string().min(1).max(200),
  sequence: z.int().optional(),
  occurredAt: z.string().optional(),
  data: z.record(z.string(), z.unknown()),
});

/** The order's ERP submission and status (what the storefront shows of it). */
const ErpSubmission = z.object({
  OrderID: z.string(),
  State: z
    .string()
    .describe(
      'Pending, Submitted, Issue, Failed or AwaitingAddress (re-submitted by itself once the ERP has the delivery address)',
    ),
  Outcome: z.string().nullable(),
  OrderNumber: z.string().nullable(),
  SalesCompanyId: z.string().nullable(),
  WebShopStatus: z.string().nullable(),
  ErpSubmissionIssue: z.string().nullable(),
  ConfirmedShippingDate: z.string().nullable(),
  Message: z.string().nullable(),
  LineItems: z
    .array(z.record(z.string(), z.unknown()))
    .describe('[{LineItemID, ErpLineNumber | null, ErpSubmissionIssue | null}]'),
  Shipments: z.array(z.record(z.string(), z.unknown())).describe('Shipments reported by the ERP'),
  Attempts: z.int(),
  LastError: z.string().nullable(),
  PlatformSync: z.string().nullable(),
  UpdatedAt: Timestamp,
});

export interface ErpRouteSettings {
  keys: CallerKeys;
  callbackSecret: string;
}

function view(row: ErpSubmissionRow) {
  return {
    OrderID: row.orderId,
    State: row.state,
    Outcome: row.outcome,
    OrderNumber: row.orderNumber,
    SalesCompanyId: row.salesCompanyId,
    WebShopStatus: row.webShopStatus,
    ErpSubmissionIssue: row.erpSubmissionIssue,
    ConfirmedShippingDate: row.confirmedShippingDate,
    Message: row.message,
    LineItems: row.lines as Record<string, unknown>[],
    Shipments: row.shipments as Record<string, unknown>[],
    Attempts: row.attempts,
    LastError: row.lastError,
    PlatformSync: row.platformSync,
    UpdatedAt: row.updatedAt.toISOString(),
  };
}

export async function erpRoutes(
  app: ServiceApp,
  service: ErpService,
  platform: PlatformClient,
  settings: ErpRouteSettings,
): Promise<void> {
  /** An operator (admin key), or the storefront's server (its key) for the buyer who owns the order (their platform Bearer token). */
  const orderAccess = async (request: FastifyRequest) => {
    const caller = callerOf(settings.keys, request.headers['x-api-key']);
    if (caller === 'operator') return;
    if (caller !== 'storefront')
      throw unauthorized(
        'invalid-api-key',
        'Send the storefront’s service key or the admin key in x-api-key.',
      );
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized('missing-credentials', 'Send the buyer’s platform Bearer token.');
    const { orderId } = request.params as { orderId: string };
    const order = await platform.getOrderAs(match[1], orderId);
    if (order === 'unauthorized') throw unauthorized('invalid-token', 'The platform token is not valid.');
    if (!order) throw notFound('order-not-found', `No order ${orderId} of yours.`);
  };

  app.get(
    '/erp/orders/:orderId',
    {
      preHandler: orderAccess,
      schema: {
        tags: ['erp'],
        summary: 'The order’s ERP submission and status',
        params: OrderParams,
        response: { 200: ErpSubmission, ...problems(400, 401, 404, 502) },
      },
    },
    async (request) => {
      const row = await service.submission(request.params.orderId);
      if (!row) throw notFound('no-submission', `Order ${request.params.orderId} has no ERP submission.`);
      return view(row);
    },
  );

  app.post(
    '/erp/orders/:orderId/resubmit',
    {
      preHandler: orderAccess,
      schema: {
        tags: ['erp'],
        summary: 'Sends the order to the ERP again once the cause of its issue is fixed',
        params: OrderParams,
        response: { 202: ErpSubmission, ...problems(400, 401, 404, 502) },
      },
    },
    async (request, reply) => reply.status(202).send(view(await service.resubmit(request.params.orderId))),
  );

  await app.register(async (scope) => {
    keepRawJsonBody(scope);
    scope.addHook('preValidation', async (request) => {
      const header = request.headers['x-erp-signature'];
      const value = Array.isArray(header) ? header[0] : header;
      if (!verifyErpSignature(settings.callbackSecret, request.rawBody ?? '', value)) {
        throw unauthorized('invalid-signature', 'X-Erp-Signature does not match the request body.');
      }
    });
    (scope as unknown as ServiceApp).post(
      '/erp/callbacks',
      {
        schema: {
          tags: ['erp'],
          summary: 'Signed callbacks of the ERP; deduplicated by eventId; 204 when stored',
          description:
            '`X-Erp-Signature: sha256=<hex HMAC-SHA256(ERP_CALLBACK_SECRET, raw body)>`, else 401.',
          body: CallbackBody,
          response: { 204: z.null().describe('Stored (or a duplicate)'), ...problems(400, 401) },
        },
      },
      async (request, reply) => {
        await service.receiveCallback(request.body);
        return reply.status(204).send(null);
      },
    );
  });
}
