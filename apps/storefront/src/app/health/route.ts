/** Liveness: the process is up and serving. */
export function GET() {
  return Response.json({ status: 'ok', service: 'storefront' }, { headers: { 'cache-control': 'no-store' } });
}
