import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { notFound, notFoundText, requireDigits } from './route-params';

const request = new Request('http://localhost/jeux-concours/abc');

/** What the route throws (`data(…)`), as React Router hands it to the error boundary. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    const thrown = error as { data: unknown; init: { status: number } };
    return new ErrorResponse(thrown.init.status, '', thrown.data);
  }
  throw new Error('nothing thrown');
}

describe('requireDigits and notFoundText', () => {
  it('turns a contestGameID that is not digits into « Page Not Found » and the path', () => {
    expect(requireDigits('42', request)).toBe('42');
    const error = thrownBy(() => requireDigits('abc', request));
    expect(notFoundText(error)).toBe('Page Not Found: /jeux-concours/abc');
  });

  it('says nothing for other errors, and every other 404 stays French (the error page alone)', () => {
    expect(notFoundText(new Error('boom'))).toBeNull();
    expect(notFoundText(thrownBy(() => notFound(new Request('http://localhost/billetteries/atlantide'))))).toBeNull();
    expect(notFoundText(thrownBy(() => notFound(request)))).toBeNull();
    expect(notFoundText(new ErrorResponse(403, '', 'Accès refusé'))).toBeNull();
  });
});
