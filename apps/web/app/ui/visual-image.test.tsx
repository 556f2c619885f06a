import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VISUALS_VERSION } from '../lib/visuals-version';
import { VisualImage } from './visual-image';

const POSTER = {
  url: '/visuals/ticketings/les-nuits-electriques.svg',
  alt: 'Affiche de « Les Nuits Électriques »',
  width: 1200,
  height: 800,
};

/** The <img> the server sends, its attributes by name (lower case, as the browser reads them). */
function served(element: React.ReactElement): Record<string, string> {
  const tag = renderToString(element).match(/<img [^>]*>/)?.[0] ?? '';
  return Object.fromEntries(
    [...tag.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, name, value]) => [name?.toLowerCase(), value]),
  );
}

describe('VisualImage', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('sends its intrinsic size and loads lazily by default', () => {
    const img = served(<VisualImage visual={POSTER} className="w-full" />);
    expect(img).toMatchObject({ width: '1200', height: '800', loading: 'lazy', alt: '' });
    expect(img.fetchpriority).toBeUndefined();
  });

  it('the page’s leading picture: never lazy, fetched first; described when asked', () => {
    const element = <VisualImage visual={POSTER} priority described className="w-full" />;
    expect(served(element)).toMatchObject({ loading: 'eager', fetchpriority: 'high', alt: POSTER.alt });
    // React hoists a preload of it into the head: the browser asks for it before reading the body.
    expect(renderToString(element)).toContain(
      `<link rel="preload" as="image" href="${POSTER.url}" fetchPriority="high"/>`,
    );
  });

  it('in the built site, under its versioned name', () => {
    vi.stubEnv('PROD', true);
    expect(served(<VisualImage visual={POSTER} className="w-full" />).src).toBe(
      `/assets/visuals/${VISUALS_VERSION}/ticketings/les-nuits-electriques.svg`,
    );
    vi.stubEnv('PROD', false);
    expect(served(<VisualImage visual={POSTER} className="w-full" />).src).toBe(POSTER.url);
  });
});
