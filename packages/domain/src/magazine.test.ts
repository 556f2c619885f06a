import { describe, expect, it } from 'vitest';
import {
  articleJsonLd,
  articlePath,
  countWords,
  formatPublicationDate,
  linkedTarget,
  linkedTargets,
  READING_WORDS_PER_MINUTE,
  readingMinutes,
  readingTimeLabel,
} from './magazine.js';

const paragraph = (text: string, href?: string) => ({
  type: 'paragraph',
  content: [
    href
      ? {
          type: 'text',
          text,
          marks: [{ type: 'link', attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow' } }],
        }
      : { type: 'text', text },
  ],
});
const docOf = (...content: unknown[]) => ({ type: 'doc', content });

describe('countWords', () => {
  it('counts words, not punctuation, with elisions and compounds as one', () => {
    expect(countWords('« La scène, c’est ma respiration » : l’an dernier, des jam-sessions à 360°.')).toBe(11);
    expect(countWords('  ')).toBe(0);
  });
});

describe('readingMinutes', () => {
  const words = (count: number) => docOf(paragraph(Array.from({ length: count }, () => 'mot').join(' ')));

  it('is the words at 220 a minute, rounded, and never less than 1', () => {
    expect(READING_WORDS_PER_MINUTE).toBe(220);
    expect(readingMinutes(words(10))).toBe(1);
    expect(readingMinutes(docOf())).toBe(1);
    expect(readingMinutes(words(3 * 220))).toBe(3);
    expect(readingMinutes(words(3 * 220 + 109))).toBe(3);
    expect(readingMinutes(words(3 * 220 + 111))).toBe(4);
    expect(readingMinutes('pas un document')).toBe(1);
  });

  it('reads « N min de lecture »', () => {
    expect(readingTimeLabel(4)).toBe('4 min de lecture');
  });
});

describe('linkedTarget', () => {
  it('finds a ticketing by its page or a listing path, and a deal by its page', () => {
    expect(linkedTarget('https://guichet.example/billetterie/les-nuits-electriques-1')).toEqual({ ticketingId: 1 });
    expect(linkedTarget('https://guichet.example/billetterie/12')).toEqual({ ticketingId: 12 });
    expect(linkedTarget('https://guichet.example/billetteries/suisse/jazz-au-leman-27')).toEqual({ ticketingId: 27 });
    expect(linkedTarget('http://localhost:3000/billetteries/france/2026/12/08/concert-4?x=1#a')).toEqual({
      ticketingId: 4,
    });
    expect(linkedTarget('https://guichet.example/bons-plans/offer/massage-californien-6')).toEqual({ offerId: 6 });
    expect(linkedTarget('https://guichet.example/bons-plans/offer/6')).toEqual({ offerId: 6 });
  });

  it('ignores other pages, other schemes and malformed ids', () => {
    for (const href of [
      'https://guichet.example/billetteries/france',
      'https://guichet.example/billetteries/france/2026',
      'https://guichet.example/billetterie/concert-',
      'https://guichet.example/billetterie/a/b-1',
      'https://guichet.example/bons-plans/offer/',
      'https://guichet.example/bons-plans/search',
      'https://guichet.example/artistes/1',
      'https://guichet.example/agenda',
      'mailto:billetterie@guichet.example',
      'javascript:alert(1)//billetterie/1',
      'https://[invalide/billetterie/1',
    ]) {
      expect(linkedTarget(href), href).toBeNull();
    }
  });
});

describe('linkedTargets', () => {
  it('lists each ticketing and deal once, in reading order, from the links the renderer keeps', () => {
    const body = docOf(
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'À voir' }] },
      paragraph('Pipo', 'https://guichet.example/billetterie/le-voyage-de-pipo-17'),
      paragraph('Nuits', 'https://guichet.example/billetterie/les-nuits-electriques-1'),
      paragraph('Pipo encore', 'https://guichet.example/billetteries/france/le-voyage-de-pipo-17'),
      paragraph('Musées', 'https://guichet.example/bons-plans/offer/carte-cinq-entrees-aux-musees-18'),
      paragraph('Agenda', 'https://guichet.example/agenda'),
      paragraph('Piégé', 'javascript://guichet.example/billetterie/2'),
    );
    expect(linkedTargets(body)).toEqual({ ticketingIds: [17, 1], offerIds: [18] });
    expect(linkedTargets(null)).toEqual({ ticketingIds: [], offerIds: [] });
  });
});

describe('article pages', () => {
  it('have their path and a French publication date, read in Paris', () => {
    expect(articlePath({ slug: 'dix-festivals' })).toBe('/magazine/dix-festivals');
    expect(formatPublicationDate('2026-11-30T23:30:00Z')).toBe('1er décembre 2026');
    expect(formatPublicationDate('2026-11-19T07:30:00Z')).toBe('19 novembre 2026');
  });
});

describe('articleJsonLd', () => {
  it('is a schema.org Article with its headline, date, author, image and publisher, URLs absolute', () => {
    const jsonLd = articleJsonLd(
      {
        title: 'Dix festivals',
        summary: 'Notre sélection.',
        author: 'Claire Vasseur',
        category: 'Festivals',
        publishedAt: '2026-11-19T07:30:00.000Z',
        visual: { url: '/visuals/articles/dix-festivals.svg' },
      },
      {
        url: 'https://guichet.example/magazine/dix-festivals',
        siteUrl: 'https://guichet.example/',
        publisher: { name: 'Guichet', logo: '/visuals/guichet-share.svg' },
      },
    );
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Dix festivals',
      datePublished: '2026-11-19T07:30:00.000Z',
      author: { '@type': 'Person', name: 'Claire Vasseur' },
      image: ['https://guichet.example/visuals/articles/dix-festivals.svg'],
      publisher: {
        '@type': 'Organization',
        name: 'Guichet',
        logo: { '@type': 'ImageObject', url: 'https://guichet.example/visuals/guichet-share.svg' },
      },
    });
  });
});
