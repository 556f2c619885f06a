import { describe, expect, it } from 'vitest';
import * as informations from './account-informations.route';
import * as layout from './account-layout.route';
import * as overview from './account-overview.route';
import * as order from './order.route';
import * as orders from './orders.route';

/** What React Router hands a route's `headers` function (here, a parent having set a cookie). */
const args = (parentHeaders: Headers) => ({
  parentHeaders,
  loaderHeaders: new Headers(),
  actionHeaders: new Headers(),
  errorHeaders: undefined,
});

type HeadersFunction = (headersArgs: ReturnType<typeof args>) => HeadersInit;

describe('account pages', () => {
  it('are never stored, and keep what the root set (its cookies)', () => {
    const root = new Headers({ 'Set-Cookie': 'guichet_access=x; Path=/; HttpOnly', 'X-Root': 'oui' });
    const headers = new Headers(layout.headers(args(root)));
    expect(headers.get('Cache-Control')).toBe('no-store');
    expect(headers.get('Set-Cookie')).toBe('guichet_access=x; Path=/; HttpOnly');
    expect(headers.get('X-Root')).toBe('oui');
  });

  // A child without `headers` inherits the layout's answer (React Router's default); one with its own must
  // keep the layout's Cache-Control.
  it.each(Object.entries({ overview, informations, orders, order }))('%s keeps no-store', (_, module) => {
    const own = (module as { headers?: HeadersFunction }).headers;
    const fromLayout = new Headers(layout.headers(args(new Headers())));
    const headers = own ? new Headers(own(args(fromLayout))) : fromLayout;
    expect(headers.get('Cache-Control')).toBe('no-store');
  });
});
