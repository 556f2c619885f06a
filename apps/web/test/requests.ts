/** Requests as the browser sends them to the site, and the cookies an answer sets, for loader and action tests. */

/** A form post to the site, as the browser sends it. */
export function post(url: string, fields: Record<string, string>, cookie?: string) {
  return new Request(new URL(url, 'http://localhost:3000'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

/** The cookies a response sets, as the next request's Cookie header (name=value pairs). */
export function cookiesOf(response: { headers: Headers } | { init: { headers?: HeadersInit } | null }): string {
  const headers = 'headers' in response ? response.headers : new Headers(response.init?.headers);
  return headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}
