/**
 * Response schemas shared by the routes: the OpenAPI document at `/docs` shows them, and the zod
 * serializer checks every answer against them (an answer that does not match is a 500, so a schema
 * here must say exactly what the route sends).
 */
import { ProblemDetails } from '@actuate/contracts';
import { z } from 'zod';

/**
 * Problem details (RFC 9457, `application/problem+json`). Loose: extension members a problem carries
 * (`field`, `issues`, `current`, `served`, `platform`, `service` …) pass through the serializer.
 */
export const Problem = ProblemDetails.describe(
  'RFC 9457 problem details: `type` is `urn:actuate:problem:<code>`; extension members (e.g. `field`) may follow',
);

/** The same problem-details schema under each of the given statuses (a route's error answers). */
export function problems<const S extends number>(...statuses: S[]): Record<S, typeof Problem> {
  return Object.fromEntries(statuses.map((status) => [status, Problem])) as Record<S, typeof Problem>;
}

/** A timestamp we write (`Date.toISOString()`). */
export const Timestamp = z.iso.datetime();
