import { getConfig } from '@/config';

export const dynamic = 'force-dynamic';

const TIMEOUT_MS = 2000;

/** Readiness: the storefront can serve buyers only when the commerce platform answers. */
export async function GET() {
  const headers = { 'cache-control': 'no-store' };
  const target = `${getConfig().platformUrl}/health`;
  try {
    const response = await fetch(target, { cache: 'no-store', signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) {
      return Response.json(
        { status: 'not-ready', reason: `platform health answered ${response.status}` },
        { status: 503, headers },
      );
    }
    return Response.json({ status: 'ready' }, { headers });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const reason = timedOut
      ? `platform did not answer within ${TIMEOUT_MS} ms`
      : `platform unreachable: ${error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error)}`;
    return Response.json({ status: 'not-ready', reason }, { status: 503, headers });
  }
}
