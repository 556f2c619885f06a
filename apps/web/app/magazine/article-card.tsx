import type { ArticleCard as ArticleCardData } from '@guichet/contracts';
import { articlePath, formatPublicationDate, readingTimeLabel } from '@guichet/domain';
import { Clock } from '@guichet/ui/icons';
import { LinkCard } from '../ui/link-card';

/** When and how long: « 19 novembre 2026 · 2 min de lecture ». */
export function ArticleByline({ article }: { article: Pick<ArticleCardData, 'publishedAt' | 'readingMinutes'> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <time dateTime={article.publishedAt}>{formatPublicationDate(article.publishedAt)}</time>
      <span aria-hidden="true">·</span>
      <span className="inline-flex items-center gap-1">
        <Clock className="size-4 shrink-0" aria-hidden="true" />
        {readingTimeLabel(article.readingMinutes)}
      </span>
    </span>
  );
}

/**
 * An article of Le Mag as a card: thumbnail, category, title, summary, date and reading time. The whole
 * card is one link (its title's, stretched over the card).
 */
export function ArticleCard({
  article,
  headingLevel = 2,
  priority = false,
}: {
  article: ArticleCardData;
  headingLevel?: 2 | 3;
  /** The first card at the top of the page: its picture is fetched first. */
  priority?: boolean;
}) {
  return (
    <LinkCard
      visual={article.visual}
      priority={priority}
      category={article.category}
      title={article.title}
      to={articlePath(article)}
      headingLevel={headingLevel}
      linkData={{ 'data-article-link': article.slug }}
    >
      <p className="text-slate-700">{article.summary}</p>
      <p className="mt-auto pt-2 text-sm text-slate-700">
        <ArticleByline article={article} />
      </p>
    </LinkCard>
  );
}
