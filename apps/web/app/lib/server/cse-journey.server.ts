/**
 * The CSE journey across redirects (docs/decisions/0044): a works-council visitor's `type=CSE` / `cseID`
 * live in the page's query, so every redirect answered to a request made in CSE mode carries them on —
 * login and back, « Acheter », the order, the payment, the download, the account, the logout. Applied once,
 * by the root middleware, to every response; links and form actions carry them in the browser (AppLink,
 * useSiteHref), so a request of the journey is itself in CSE mode.
 */
import { isCseMode, withCseQuery } from '@guichet/domain';

/** The response, its internal `Location` (if any) given the request's CSE parameters. */
export function keepCseJourney(request: Request, response: Response): Response {
  const location = response.headers.get('Location');
  if (!location) return response;
  const query = new URL(request.url).searchParams;
  if (!isCseMode(query)) return response;
  const kept = withCseQuery(location, query);
  if (kept === location) return response;
  const headers = new Headers(response.headers);
  headers.set('Location', kept);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
