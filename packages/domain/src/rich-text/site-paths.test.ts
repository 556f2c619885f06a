import { describe, expect, it } from 'vitest';
import { linkedTargets } from '../magazine.js';
import { isRichTextDocument, sanitizeRichText } from './document.js';
import { isSitePath, sitePathOf } from './links.js';
import { renderRichText } from './render.js';

const linked = (href: string) => ({
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: 'lien', marks: [{ type: 'link', attrs: { href } }] }] },
  ],
});

describe('site paths (Le Mag’s internal links, docs/decisions/0070)', () => {
  it('are one leading slash then a path, never another host nor an invisible character', () => {
    for (const path of ['/billetterie/concert-12', '/bons-plans?ville=Lyon#offres', '/'])
      expect(isSitePath(path)).toBe(true);
    for (const path of [
      '//evil.example/x',
      '/\\evil.example',
      '/\u0000x',
      '/a\u200bb',
      'billetterie/1',
      'https://x.fr/',
      `/${'a'.repeat(2000)}`,
    ])
      expect(isSitePath(path), path).toBe(false);
  });

  it('are made of links to the site’s own origin only', () => {
    const site = 'https://www.guichet.fr';
    expect(sitePathOf('https://www.guichet.fr/billetterie/x-12?a=1#b', site)).toBe('/billetterie/x-12?a=1#b');
    expect(sitePathOf('HTTPS://WWW.GUICHET.FR/agenda', site)).toBe('/agenda');
    for (const href of [
      'http://www.guichet.fr/agenda',
      'https://guichet.fr/agenda',
      'https://www.guichet.fr:8443/a',
      'https://u:p@www.guichet.fr/a',
      'mailto:a@guichet.fr',
    ])
      expect(sitePathOf(href, site), href).toBeNull();
  });

  it('are kept by the sanitiser and rendered in the same tab only when the option says so', () => {
    const doc = linked('/billetterie/concert-12');
    expect(JSON.stringify(sanitizeRichText(doc))).not.toContain('href');
    expect(JSON.stringify(sanitizeRichText(doc, { sitePaths: true }))).toContain('"href":"/billetterie/concert-12"');
    expect(isRichTextDocument(sanitizeRichText(doc, { sitePaths: true }), { sitePaths: true })).toBe(true);
    expect(renderRichText(doc, { sitePaths: true })).toBe(
      '<p class="paragraph"><a class="link" href="/billetterie/concert-12">lien</a></p>',
    );
    expect(renderRichText(linked('https://ailleurs.example/'), { sitePaths: true })).toContain('target="_blank"');
    expect(renderRichText(linked('//evil.example/'), { sitePaths: true })).not.toContain('<a');
  });

  it('count as links to a ticketing or a deal for the cards', () => {
    expect(linkedTargets(linked('/billetterie/concert-12'))).toEqual({ ticketingIds: [12], offerIds: [] });
    expect(linkedTargets(linked('/bons-plans/offer/massage-6'))).toEqual({ ticketingIds: [], offerIds: [6] });
  });
});
