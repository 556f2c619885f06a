import { describe, expect, it } from 'vitest';
import {
  BRAND,
  formatPageTitle,
  homeLinkFor,
  isCseMode,
  isPreviewPath,
  sectionFor,
  siteTitleFor,
  withCseQuery,
} from './site.js';

function query(values: Record<string, string>) {
  return { get: (name: string) => values[name] ?? null };
}

describe('sectionFor / siteTitleFor', () => {
  it.each([
    ['/', 'billetterie', 'Billetterie'],
    ['/agenda', 'billetterie', 'Billetterie'],
    ['/billetteries/france/2027', 'billetterie', 'Billetterie'],
    ['/bons-plans', 'bons-plans', 'Bons plans'],
    ['/bons-plans/offer/3', 'bons-plans', 'Bons plans'],
    ['/jeux-concours', 'jeux-concours', 'Jeux-concours'],
    ['/jeux-concours/12/ranking', 'jeux-concours', 'Jeux-concours'],
    ['/magazine', 'magazine', 'Le Mag'],
    ['/magazine/un-article', 'magazine', 'Le Mag'],
    ['/bons-plansX', 'billetterie', 'Billetterie'],
    ['/magazines', 'billetterie', 'Billetterie'],
  ])('%s belongs to %s', (pathname, section, title) => {
    expect(sectionFor(pathname)).toBe(section);
    expect(siteTitleFor(pathname)).toBe(title);
  });
});

describe('homeLinkFor', () => {
  it.each([
    ['/', '/'],
    ['/billetterie/concert-42', '/'],
    ['/account/orders', '/'],
    ['/bons-plans/search', '/bons-plans'],
    ['/jeux-concours/5', '/jeux-concours'],
    ['/magazine/un-article', '/magazine'],
  ])('the logo on %s goes to %s', (pathname, home) => {
    expect(homeLinkFor(pathname)).toBe(home);
  });
});

describe('formatPageTitle', () => {
  it('forms "{title} | {brand} {site title}"', () => {
    expect(BRAND).toBe('Guichet');
    expect(formatPageTitle('Agenda des événements', '/agenda')).toBe('Agenda des événements | Guichet Billetterie');
    expect(formatPageTitle('Rechercher un bon plan', '/bons-plans/search')).toBe(
      'Rechercher un bon plan | Guichet Bons plans',
    );
    expect(formatPageTitle('Classement', '/jeux-concours/4/ranking')).toBe('Classement | Guichet Jeux-concours');
    expect(formatPageTitle('Le Mag', '/magazine')).toBe('Le Mag | Guichet Le Mag');
  });

  it('lets the caller force the section', () => {
    expect(formatPageTitle('Bons plans', '/', 'bons-plans')).toBe('Bons plans | Guichet Bons plans');
  });
});

describe('isCseMode', () => {
  it('is on with type=CSE or a cseID', () => {
    expect(isCseMode(query({ type: 'CSE' }))).toBe(true);
    expect(isCseMode(query({ cseID: '12' }))).toBe(true);
  });

  it('is off otherwise', () => {
    expect(isCseMode(query({}))).toBe(false);
    expect(isCseMode(query({ type: 'cse' }))).toBe(false);
    expect(isCseMode(query({ type: 'PUBLIC' }))).toBe(false);
    expect(isCseMode(query({ cseID: '' }))).toBe(false);
  });
});

describe('withCseQuery', () => {
  const cse = new URLSearchParams('type=CSE&cseID=42&q=ignored');
  it('keeps type and cseID on internal links in CSE mode', () => {
    expect(withCseQuery('/billetteries/france', cse)).toBe('/billetteries/france?type=CSE&cseID=42');
    expect(withCseQuery('/agenda?city=lyon#jour', cse)).toBe('/agenda?city=lyon&type=CSE&cseID=42#jour');
  });
  it('keeps a cseID alone', () => {
    expect(withCseQuery('/', new URLSearchParams('cseID=7'))).toBe('/?cseID=7');
  });
  it('leaves links alone outside CSE mode, and external links always', () => {
    expect(withCseQuery('/agenda', new URLSearchParams('q=jazz'))).toBe('/agenda');
    expect(withCseQuery('https://support.guichet.example/', cse)).toBe('https://support.guichet.example/');
    expect(withCseQuery('//evil.example/', cse)).toBe('//evil.example/');
  });
});

describe('isPreviewPath', () => {
  it('covers the preview sections and their children only', () => {
    expect(isPreviewPath('/artistes')).toBe(true);
    expect(isPreviewPath('/jeux-concours/3/ranking')).toBe(true);
    expect(isPreviewPath('/bons-plans/offer/2')).toBe(true);
    expect(isPreviewPath('/magazine')).toBe(true);
    expect(isPreviewPath('/recherche')).toBe(true);
    expect(isPreviewPath('/recherche/suggestions')).toBe(true);
    expect(isPreviewPath('/artistes-invites')).toBe(false);
    expect(isPreviewPath('/billetteries/france')).toBe(false);
  });
});
