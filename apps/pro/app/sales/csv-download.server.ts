/**
 * The CSV exports as the browser downloads them from the pro site: the API's answer streamed through, never
 * read into memory (an organiser with 100,000 orders), its Content-Type and Content-Disposition (the file's
 * name) kept. The organiser's token goes with the call; the API checks the membership and the role, and its 401
 * (signed out, or a token it no longer takes) is the login page.
 */
import type { Endpoint, EndpointInput, ErrorAnswer } from '@guichet/contracts';
import type { RouterContextProvider } from 'react-router';
import { proApiFor, toLogin } from '../lib/server/api.server';

const PASSED_ON = ['content-type', 'content-disposition', 'content-length'] as const;

export async function streamCsv<E extends Endpoint>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  endpoint: E,
  input: EndpointInput<E>,
): Promise<Response> {
  const answer = await proApiFor(request, context).download(endpoint, input);
  if ('file' in answer) {
    const headers = new Headers({ 'Cache-Control': 'private, no-store' });
    for (const name of PASSED_ON) {
      const value = answer.file.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(answer.file.body, { status: 200, headers });
  }
  if (answer.status === 401) throw toLogin(request);
  // A refusal as a short French page of text: the API's message (« Billetterie introuvable. »…) and its status.
  const failure = (answer as { body: ErrorAnswer }).body;
  return new Response(failure.message, {
    status: answer.status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
  });
}
