import { UNSAFE_ErrorResponseImpl as ErrorResponse, type MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { absoluteUrl, pageMeta, refusalText, siteUrlFrom } from './meta';

const rootMatch = { id: 'root', loaderData: { env: { siteUrl: 'https://www.guichet.fr' }, user: null } };

function context(pathname: string, matches: { id: string; loaderData?: unknown }[] = [rootMatch]) {
  return { location: { pathname }, matches };
}

function find(descriptors: MetaDescriptor[], key: string, value: string) {
  return descriptors.find((descriptor) => (descriptor as Record<string, unknown>)[key] === value) as
    | Record<string, string>
    | undefined;
}

describe('pageMeta', () => {
  it('forms the title, description, links and Open Graph tags', () => {
    const meta = pageMeta({ title: 'Agenda des événements', description: 'Tous les événements.' }, context('/agenda'));
    expect(meta).toContainEqual({ title: 'Agenda des événements | Guichet Billetterie' });
    expect(meta).toContainEqual({ name: 'description', content: 'Tous les événements.' });
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://www.guichet.fr/agenda' });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'fr',
      href: 'https://www.guichet.fr/agenda',
    });
    expect(meta).toContainEqual({ name: 'robots', content: 'index, follow' });
    const og = (property: string) => find(meta, 'property', property)?.content;
    expect(og('og:title')).toBe('Agenda des événements | Guichet Billetterie');
    expect(og('og:description')).toBe('Tous les événements.');
    expect(og('og:url')).toBe('https://www.guichet.fr/agenda');
    expect(og('og:type')).toBe('website');
    expect(og('og:site_name')).toBe('Guichet');
    expect(og('og:locale')).toBe('fr_FR');
    expect(og('og:image')).toBe('https://www.guichet.fr/visuals/guichet-share.svg');
    expect(og('og:image:type')).toBe('image/svg+xml');
    expect(og('og:image:alt')).toBeTruthy();
    expect(og('og:image:width')).toBe('384');
    expect(og('og:image:height')).toBe('384');
  });

  it('uses the site title of the section', () => {
    expect(pageMeta({ title: 'Rechercher un bon plan' }, context('/bons-plans/search'))).toContainEqual({
      title: 'Rechercher un bon plan | Guichet Bons plans',
    });
    expect(pageMeta({ title: 'Jeux-concours' }, context('/jeux-concours'))).toContainEqual({
      title: 'Jeux-concours | Guichet Jeux-concours',
    });
    expect(pageMeta({ title: 'Le Mag' }, context('/magazine'))).toContainEqual({ title: 'Le Mag | Guichet Le Mag' });
    expect(pageMeta({ title: 'Offre', section: 'bons-plans' }, context('/'))).toContainEqual({
      title: 'Offre | Guichet Bons plans',
    });
  });

  it('takes a given path, type, image and robots', () => {
    const meta = pageMeta(
      {
        title: 'Concert',
        path: '/billetterie/concert-42',
        type: 'article',
        robots: 'noindex',
        image: { url: 'https://cdn.guichet.fr/a.jpg', alt: 'Affiche', type: 'image/jpeg', width: 1200, height: 630 },
      },
      context('/billetteries/france/concert-42'),
    );
    expect(find(meta, 'rel', 'canonical')?.href).toBe('https://www.guichet.fr/billetterie/concert-42');
    expect(find(meta, 'property', 'og:type')?.content).toBe('article');
    expect(find(meta, 'property', 'og:image')?.content).toBe('https://cdn.guichet.fr/a.jpg');
    expect(find(meta, 'property', 'og:image:width')?.content).toBe('1200');
    expect(find(meta, 'name', 'robots')?.content).toBe('noindex');
  });

  it('leaves out links when asked and copes without root data', () => {
    const meta = pageMeta({ title: '404 Page non trouvée', robots: 'noindex', canonical: false }, context('/x', []));
    expect(find(meta, 'rel', 'canonical')).toBeUndefined();
    expect(find(meta, 'property', 'og:url')?.content).toBe('/x');
    expect(meta).toContainEqual({ title: '404 Page non trouvée | Guichet Billetterie' });
  });
});

describe('siteUrlFrom / absoluteUrl', () => {
  it('reads SITE_URL from the root match', () => {
    expect(siteUrlFrom([rootMatch])).toBe('https://www.guichet.fr');
    expect(siteUrlFrom([{ id: 'root', loaderData: undefined }])).toBeNull();
    expect(siteUrlFrom([])).toBeNull();
  });

  it('joins a path to the site URL', () => {
    expect(absoluteUrl('https://www.guichet.fr', '/')).toBe('https://www.guichet.fr/');
    expect(absoluteUrl('https://www.guichet.fr', 'agenda')).toBe('https://www.guichet.fr/agenda');
    expect(absoluteUrl('https://www.guichet.fr', 'http://ailleurs.example/a')).toBe('http://ailleurs.example/a');
  });
});

describe('refusalText', () => {
  /** An error as the error boundary receives a thrown `data(message, { status })`. */
  const shown = (status: number, message: string) => new ErrorResponse(status, '', message);

  it('says why a post or a page was refused: another site (403), too large (413), not a form (415), too many attempts (429)', () => {
    for (const status of [403, 413, 415, 429]) {
      expect(refusalText(shown(status, 'Réessayez dans 42 secondes.')), String(status)).toBe(
        'Réessayez dans 42 secondes.',
      );
    }
  });

  it('keeps other errors’ words for the logs', () => {
    for (const status of [400, 404, 500, 503]) expect(refusalText(shown(status, 'détail'))).toBeNull();
    expect(refusalText(new Error('boom'))).toBeNull();
  });
});
