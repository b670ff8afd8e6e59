import type { ServiceApp } from '@actuate/service-kit';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { gatewayError } from '../../../shared/errors.ts';
import { ClickToPaySandbox, type SrcFailure } from './service.ts';

const scheme = z.enum(['visa', 'mc']);
const token = z.string().min(1).max(4096);
const email = z.string().trim().min(3).max(320);

const bodies = {
  lookup: z.object({ scheme, email }),
  'otp-start': z.object({ scheme, email }),
  'otp-complete': z.object({ validationId: token, otp: z.string().max(16) }),
  recognize: z.object({ recognitionToken: token }),
  profile: z.object({ scheme, srciDpaId: z.string().max(200), idTokens: z.array(token).max(8) }),
  checkout: z.object({
    scheme,
    srcCorrelationId: token,
    srcDigitalCardId: token,
    rememberMe: z.boolean().default(false),
  }),
} as const;
type Action = keyof typeof bodies;

const params = z.object({ action: z.enum(Object.keys(bodies) as [Action, ...Action[]]) });

/**
 * `POST /sdk-simulators/clicktopay/api/<action>`: the scheme servers behind the Click to Pay
 * simulators. Called cross-origin from any merchant page with a `text/plain` JSON body (a simple
 * request: no preflight, no cookies), as the real SDKs call their schemes' hosts, so there is no
 * client key. Failures answer 400 `{ reason, message }` like a scheme's error.
 */
export function clickToPaySimulatorRoutes(app: ServiceApp, options: { tokenKey: Buffer }) {
  const sandbox = new ClickToPaySandbox(options.tokenKey);
  app.post(
    '/sdk-simulators/clicktopay/api/:action',
    { schema: { tags: ['sandbox'], summary: 'Click to Pay sandbox scheme calls (simulator)', params } },
    async (request, reply) => {
      reply.header('Access-Control-Allow-Origin', '*');
      const raw = typeof request.body === 'string' ? safeJson(request.body) : request.body;
      const action = request.params.action;
      const parsed = bodies[action].safeParse(raw);
      if (!parsed.success) throw gatewayError.validation(`Invalid ${action} request.`);
      const now = new Date();
      const result = run(sandbox, action, parsed.data, now);
      if (!result.ok) return sendFailure(reply, result.error);
      return result.value;
    },
  );
}

type Inputs = { [K in Action]: z.infer<(typeof bodies)[K]> };

function run(sandbox: ClickToPaySandbox, action: Action, input: Inputs[Action], now: Date) {
  const as = <K extends Action>(_kind: K) => input as Inputs[K];
  switch (action) {
    case 'lookup':
      return sandbox.lookup(as('lookup').scheme, as('lookup').email);
    case 'otp-start':
      return sandbox.startValidation(as('otp-start').scheme, as('otp-start').email, now);
    case 'otp-complete':
      return sandbox.completeValidation(as('otp-complete').validationId, as('otp-complete').otp, now);
    case 'recognize':
      return sandbox.recognize(as('recognize').recognitionToken, now);
    case 'profile':
      return sandbox.profile(as('profile').scheme, as('profile').srciDpaId, as('profile').idTokens, now);
    case 'checkout':
      return sandbox.checkout(as('checkout').scheme, as('checkout'), now);
  }
}

function sendFailure(reply: FastifyReply, failure: SrcFailure) {
  return reply.status(400).send(failure);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
