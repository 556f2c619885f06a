import { describe, expect, it } from 'vitest';
import { countLabel } from './count-label.js';

const ARTICLES = { none: 'Aucun article', one: 'article', many: 'articles' };
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('countLabel', () => {
  it('says none, one and many in French, digits grouped', () => {
    expect(countLabel(0, ARTICLES)).toBe('Aucun article');
    expect(countLabel(1, ARTICLES)).toBe('1 article');
    expect(countLabel(2, ARTICLES)).toBe('2 articles');
    expect(plain(countLabel(1234, ARTICLES))).toBe('1 234 articles');
  });

  it('says « Plus de » a count stopped at its limit', () => {
    expect(plain(countLabel(1000, ARTICLES, true))).toBe('Plus de 1 000 articles');
  });
});
