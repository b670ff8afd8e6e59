/** Files a buyer downloads are theirs alone: never cached on the way. */
export const NO_STORE = { 'cache-control': 'private, no-store' } as const;

/**
 * A file the middleware answered, passed on to the browser: its bytes with the given headers, a 404
 * for what the buyer may not have (or asked wrongly), a 502 with `unavailable` for anything else.
 */
export async function passFileOn(
  upstream: Response,
  unavailable: string,
  headers: Record<string, string>,
): Promise<Response> {
  if (!upstream.ok) {
    const status = upstream.status === 404 || upstream.status === 400 ? 404 : 502;
    return new Response(status === 404 ? 'Not found' : unavailable, { status, headers: NO_STORE });
  }
  return new Response(await upstream.arrayBuffer(), { status: 200, headers: { ...NO_STORE, ...headers } });
}
