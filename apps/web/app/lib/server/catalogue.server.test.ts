import { ApiUnavailableError, getTicketing, listTicketings } from '@guichet/contracts';
import { isRouteErrorResponse } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('./api.server', () => ({ apiFor: () => ({ call }) }));

const { fetchOk, loadTicketing } = await import('./catalogue.server');

const request = new Request('http://localhost/billetterie/les-nuits-electriques-1');

/** The status of what a loader helper threw (React Router's `data(…, { status })`). */
async function thrownStatus(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
  } catch (error) {
    const value = error as { init?: { status?: number } };
    if (isRouteErrorResponse(error)) return error.status;
    return value.init?.status;
  }
  return undefined;
}

afterEach(() => {
  call.mockReset();
  vi.restoreAllMocks();
});

describe('catalogue calls of the pages', () => {
  it('give the body of a 200 answer', async () => {
    call.mockResolvedValue({ status: 200, body: { items: [], nextCursor: null } });
    await expect(fetchOk(request, listTicketings, { query: {} })).resolves.toEqual({ items: [], nextCursor: null });
  });

  it('turn an unreachable API into the 502 page, never a stack trace', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    call.mockRejectedValue(new ApiUnavailableError("L'API ne répond pas (GET /ticketings/:ticketingID)."));
    expect(await thrownStatus(loadTicketing(request, 1))).toBe(502);
  });

  it('turn an API 404 (and a refused hand-made query) into the page 404', async () => {
    call.mockResolvedValue({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Introuvable.' } });
    expect(await thrownStatus(loadTicketing(request, 999))).toBe(404);
    call.mockResolvedValue({ status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Curseur.' } });
    expect(await thrownStatus(fetchOk(request, listTicketings, { query: { cursor: 'x' } }))).toBe(404);
  });

  it('let other failures through', async () => {
    call.mockRejectedValue(new TypeError('bug'));
    await expect(fetchOk(request, getTicketing, { params: { ticketingID: '1' } })).rejects.toThrow(TypeError);
  });
});
