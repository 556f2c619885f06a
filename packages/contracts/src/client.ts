/**
 * A client for the API typed from the contracts. The web server makes one per incoming request,
 * carrying that visitor's token and address: never a module-level client holding a user's token.
 */
import { ANSWERS_OF_EVERY_ENDPOINT, type Endpoint, type EndpointAnswer, type EndpointInput } from './endpoint.js';

export class ApiUnavailableError extends Error {}

export type ApiClientOptions = {
  baseUrl: string;
  accessToken?: string | undefined;
  /** The visitor's address, so the API throttles per visitor and not per web server. */
  forwardedFor?: string | undefined;
  requestId?: string | undefined;
  fetch?: typeof fetch;
};

export type ApiClient = ReturnType<typeof createApiClient>;

function buildUrl(baseUrl: string, endpoint: Endpoint, input: Record<string, unknown>): string {
  const params = (input.params ?? {}) as Record<string, string | number>;
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Paramètre de chemin manquant : ${name}`);
    return encodeURIComponent(String(value));
  });
  const url = new URL(path, baseUrl);
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** A file endpoint's answer: the API's own response for a 2xx (its body not read yet), else the typed failure. */
export type FileAnswer<E extends Endpoint> =
  | { status: 200; file: Response }
  | Exclude<EndpointAnswer<E>, { status: 200 | 201 | 202 | 204 }>;

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? fetch;

  /** A body sent as is (a multipart form streamed on), with its own content type, instead of JSON. */
  type RawBody = { body: ReadableStream<Uint8Array>; contentType: string };

  async function send<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    accept: string,
    raw?: RawBody,
  ): Promise<Response> {
    const parts = input as Record<string, unknown>;
    const headers: Record<string, string> = { accept };
    if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
    if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
    if (options.requestId) headers['x-request-id'] = options.requestId;
    if (parts.body !== undefined) headers['content-type'] = 'application/json';
    if (raw) headers['content-type'] = raw.contentType;
    for (const [name, value] of Object.entries((parts.headers ?? {}) as Record<string, unknown>)) {
      if (typeof value === 'string') headers[name.toLowerCase()] = value;
    }
    try {
      return await doFetch(buildUrl(options.baseUrl, endpoint, parts), {
        method: endpoint.method,
        headers,
        body: raw ? raw.body : parts.body === undefined ? undefined : JSON.stringify(parts.body),
        // A stream is sent as it arrives (Node's fetch wants to be told), never gathered in memory first.
        ...(raw ? { duplex: 'half' } : {}),
        signal: AbortSignal.timeout(raw ? 60_000 : 10_000),
      } as RequestInit);
    } catch (error) {
      throw new ApiUnavailableError(`L'API ne répond pas (${endpoint.method} ${endpoint.path}).`, { cause: error });
    }
  }

  async function answerOf<E extends Endpoint>(endpoint: E, response: Response): Promise<EndpointAnswer<E>> {
    const schema =
      endpoint.responses[response.status] ??
      ANSWERS_OF_EVERY_ENDPOINT[response.status as keyof typeof ANSWERS_OF_EVERY_ENDPOINT];
    if (!schema) {
      throw new ApiUnavailableError(`Réponse inattendue ${response.status} de ${endpoint.method} ${endpoint.path}.`);
    }
    // An answer that does not follow its contract is as good as none: the caller's failure policy applies.
    let body: unknown;
    try {
      const text = await response.text();
      body = schema.parse(text ? JSON.parse(text) : undefined);
    } catch (error) {
      throw new ApiUnavailableError(`Réponse ${response.status} de ${endpoint.method} ${endpoint.path} hors contrat.`, {
        cause: error,
      });
    }
    return { status: response.status, body } as EndpointAnswer<E>;
  }

  return {
    /** Calls an endpoint; the answer is checked against the schema declared for its status. */
    async call<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<EndpointAnswer<E>> {
      return answerOf(endpoint, await send(endpoint, input, 'application/json'));
    },

    /**
     * Calls an endpoint whose body is not JSON (an upload's multipart form), streamed to the API as it comes:
     * the answer is read and checked as `call` does.
     */
    async callWithRawBody<E extends Endpoint>(endpoint: E, input: EndpointInput<E>, raw: RawBody) {
      return answerOf(endpoint, await send(endpoint, input, 'application/json', raw));
    },

    /**
     * Calls an endpoint answering a file (a PDF): a 200 comes back as the API's response, to be streamed on
     * without being read into memory; any other status is read and checked as `call` does.
     */
    async callForFile<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<FileAnswer<E>> {
      const response = await send(endpoint, input, '*/*');
      if (response.status === 200) return { status: 200, file: response };
      if (response.status >= 200 && response.status < 300) {
        await response.body?.cancel();
        throw new ApiUnavailableError(`Réponse inattendue ${response.status} de ${endpoint.method} ${endpoint.path}.`);
      }
      return (await answerOf(endpoint, response)) as FileAnswer<E>;
    },
  };
}
