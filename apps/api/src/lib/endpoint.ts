import type { Endpoint } from '@guichet/contracts';

/**
 * Fastify route options (method, url, schema) from a contract, so each route module only adds its handler:
 * the same Zod schemas validate the request, serialise the answer and feed the OpenAPI document.
 */
export function routeOf<const E extends Endpoint>(endpoint: E) {
  const parts = {
    params: endpoint.params,
    querystring: endpoint.query,
    body: endpoint.body,
    headers: endpoint.headers,
  };
  // Parts the endpoint does not declare are left out, rather than passed as undefined schemas.
  const declared = Object.fromEntries(Object.entries(parts).filter(([, schema]) => schema !== undefined));
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...declared,
      response: endpoint.responses,
    } as {
      summary: string;
      tags: string[];
      params: E['params'];
      querystring: E['query'];
      body: E['body'];
      headers: E['headers'];
      response: E['responses'];
    },
  };
}
