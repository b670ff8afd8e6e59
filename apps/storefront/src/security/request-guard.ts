/*
 * Requests the proxy answers itself because Next.js would fail on them with a 500: a path that does
 * not percent-decode (a dynamic segment's decodeURIComponent throws while rendering), and a server
 * action posted from another origin (Next.js refuses it, by throwing).
 */

/** Whether some segment of a raw (still encoded) path is not valid percent-encoded UTF-8. */
export function hasMalformedEncoding(pathname: string): boolean {
  for (const segment of pathname.split('/')) {
    if (!segment.includes('%')) continue;
    try {
      decodeURIComponent(segment);
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * Whether a request is a server-action call from a foreign origin: Next.js accepts an action only when
 * the Origin's host is the host the request was sent to (`X-Forwarded-Host`, else `Host`). A `null`
 * or unparseable Origin counts as foreign; a missing one (no browser, so no buyer's cookies) is left
 * to Next.js.
 */
export function isForeignServerAction(request: Request): boolean {
  if (request.method !== 'POST' || !request.headers.has('next-action')) return false;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  const host =
    request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() ??
    request.headers.get('host') ??
    new URL(request.url).host;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}
