import type { SiteSuggestion } from '@guichet/contracts';
import { describe, expect, it } from 'vitest';
import { performerPath } from '../catalogue/catalogue-paths';
import { fullListPath, resultCountLabel, siteSuggestionGroups } from './site-search';

const suggestion = (group: SiteSuggestion['group'], id: number, title: string, detail = ''): SiteSuggestion => ({
  group,
  id,
  slug: title
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]+/g, '-'),
  title,
  detail,
});

describe('siteSuggestionGroups', () => {
  it('groups events, artists and deals in that order, each leading to its page', () => {
    const answer = siteSuggestionGroups([
      suggestion('offers', 3, 'Diner croisiere', 'Bateaux du Rhône · Lyon'),
      suggestion('ticketings', 12, 'Le Malade imaginaire', 'Paris · 5 mars'),
      suggestion('performers', 4, 'Compagnie du Grand Large', 'Théâtre'),
      suggestion('ticketings', 40, 'Le Misanthrope', 'Rennes · 9 avril'),
    ]);
    expect(answer).toEqual({
      groups: [
        {
          label: 'Événements',
          options: [
            {
              id: 'ticketings-12',
              label: 'Le Malade imaginaire',
              detail: 'Paris · 5 mars',
              href: '/billetterie/le-malade-imaginaire-12',
            },
            {
              id: 'ticketings-40',
              label: 'Le Misanthrope',
              detail: 'Rennes · 9 avril',
              href: '/billetterie/le-misanthrope-40',
            },
          ],
        },
        {
          label: 'Artistes',
          options: [{ id: 'performers-4', label: 'Compagnie du Grand Large', detail: 'Théâtre', href: '/artistes/4' }],
        },
        {
          label: 'Bons plans',
          options: [
            {
              id: 'offers-3',
              label: 'Diner croisiere',
              detail: 'Bateaux du Rhône · Lyon',
              href: '/bons-plans/offer/diner-croisiere-3',
            },
          ],
        },
      ],
    });
  });

  it('leaves out empty groups and empty details', () => {
    expect(siteSuggestionGroups([suggestion('performers', 4, 'Margaux Lenoir')])).toEqual({
      groups: [{ label: 'Artistes', options: [{ id: 'performers-4', label: 'Margaux Lenoir', href: '/artistes/4' }] }],
    });
    expect(siteSuggestionGroups([])).toEqual({ groups: [] });
  });
});

describe('paths', () => {
  it('builds the page of an artist', () => {
    expect(performerPath({ id: 7 })).toBe('/artistes/7');
  });

  it('leads each group to its full list, keeping the search where the list can search', () => {
    expect(fullListPath('ticketings', 'molière')).toBe('/billetteries');
    expect(fullListPath('performers', 'molière & co')).toBe('/artistes?q=moli%C3%A8re+%26+co');
    expect(fullListPath('offers', 'spa')).toBe('/bons-plans/search?q=spa');
  });
});

describe('resultCountLabel', () => {
  it('counts in French', () => {
    expect(resultCountLabel(0)).toBe('Aucun résultat');
    expect(resultCountLabel(1)).toBe('1 résultat');
    expect(resultCountLabel(24)).toBe('24 résultats');
    expect(resultCountLabel(1234).replace(/\s/g, ' ')).toBe('1 234 résultats');
    expect(resultCountLabel(1000, true).replace(/\s/g, ' ')).toBe('Plus de 1 000 résultats');
  });
});
