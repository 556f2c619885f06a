// @vitest-environment jsdom
import type { ArticleCard as ArticleCardData } from '@guichet/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ArticleCard } from './article-card';

afterEach(cleanup);

const ARTICLE: ArticleCardData = {
  slug: 'dix-festivals-a-ne-pas-manquer-cette-saison',
  title: 'Dix festivals à ne pas manquer cette saison',
  summary: 'Notre sélection des festivals.',
  category: 'Festivals',
  author: 'Claire Vasseur',
  publishedAt: '2026-11-30T23:30:00.000Z',
  visual: { url: '/visuals/articles/dix-festivals.svg', alt: 'Illustration', width: 1200, height: 800 },
  readingMinutes: 3,
};

/** Under a router at `url` (links need one; the CSE query is read from it). */
async function renderAt(url: string) {
  const Stub = createRoutesStub([
    {
      path: '/magazine',
      Component: () => <ArticleCard article={ARTICLE} headingLevel={3} />,
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  return screen.findByRole('article');
}

describe('ArticleCard', () => {
  it('shows the category, the title as the card’s link, the summary, the date in Paris and the reading time', async () => {
    const card = await renderAt('/magazine');
    expect(within(card).getByText('Festivals')).toBeTruthy();
    const link = within(card).getByRole('link', { name: ARTICLE.title });
    expect(link.getAttribute('href')).toBe(`/magazine/${ARTICLE.slug}`);
    expect(within(card).getByRole('heading', { level: 3, name: ARTICLE.title })).toBeTruthy();
    expect(within(card).getByText(ARTICLE.summary)).toBeTruthy();
    // 23:30 UTC on 30 November is 1 December in Paris.
    const date = within(card).getByText('1er décembre 2026');
    expect(date.getAttribute('datetime')).toBe(ARTICLE.publishedAt);
    expect(within(card).getByText('3 min de lecture')).toBeTruthy();
    expect(card.querySelector('img')?.getAttribute('src')).toBe(ARTICLE.visual?.url);
  });

  it('keeps a works-council visitor in CSE mode', async () => {
    const card = await renderAt('/magazine?type=CSE&cseID=42');
    expect(within(card).getByRole('link').getAttribute('href')).toBe(`/magazine/${ARTICLE.slug}?type=CSE&cseID=42`);
  });
});
