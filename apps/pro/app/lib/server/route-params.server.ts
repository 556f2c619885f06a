import { data } from 'react-router';
import type { z } from 'zod';

/**
 * A page's path parameters read with the contracts' own schema (the API's ids): an id that cannot be a row is
 * the not-found page, as the API would answer, without asking it.
 */
export function routeParams<S extends z.ZodType>(schema: S, params: Record<string, string | undefined>): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}
