import type { ArticleCard as ArticleCardData } from '@guichet/contracts';
import { articlePath, formatPublicationDate, readingTimeLabel } from '@guichet/domain';
import { Clock } from 'lucide-react';
import { AppLink } from '../ui/app-link';
import { VisualImage } from '../ui/visual-image';

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
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm card-focus transition-shadow hover:shadow-md">
      <VisualImage
        visual={article.visual}
        priority={priority}
        className="aspect-[3/2] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">{article.category}</p>
        <Heading className="text-lg font-bold leading-snug text-slate-900">
          <AppLink
            to={articlePath(article)}
            data-article-link={article.slug}
            className="text-slate-900 no-underline after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none"
          >
            {article.title}
          </AppLink>
        </Heading>
        <p className="text-slate-700">{article.summary}</p>
        <p className="mt-auto pt-2 text-sm text-slate-700">
          <ArticleByline article={article} />
        </p>
      </div>
    </article>
  );
}
