import { ARTICLES_PAGE_SIZE, listArticles } from '@guichet/contracts';
import { countLabel } from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { Pagination } from '@guichet/ui/pagination';
import { pageMeta } from '../lib/meta';
import { notFound } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import type { Route } from './+types/magazine.route';
import { ArticleCard } from './article-card';

/**
 * /magazine: the published articles, newest first, one API call. The category (?category=) and the page
 * (?page=) live in the URL, so the filter is plain links and works without JavaScript. An unknown category
 * or a page past the end is a 404, as for the artists' index.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const category = query.get('category')?.trim() || null;
  if (category !== null && category.length > 64) notFound(request);
  const rawPage = query.get('page');
  const page = rawPage === null ? 1 : /^\d{1,5}$/.test(rawPage) ? Number(rawPage) : 0;
  if (page < 1) notFound(request);

  const answer = await apiFor(request).loadData(listArticles, {
    query: { category: category ?? undefined, page, pageSize: ARTICLES_PAGE_SIZE.default },
  });
  if (category !== null && !answer.categories.some((known) => known.name === category)) notFound(request);
  const pageCount = Math.max(1, Math.ceil(answer.total / answer.pageSize));
  if (page > pageCount) notFound(request);
  return { ...answer, category, pageCount };
}

/** The address of a page of the list, keeping the category. */
function hrefOf({ category, page }: { category: string | null; page?: number }): string {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  if (page && page > 1) query.set('page', String(page));
  const encoded = query.toString();
  return encoded ? `/magazine?${encoded}` : '/magazine';
}

function titleOf({ category, page }: { category: string | null; page: number }): string {
  const base = category ? `Le Mag – ${category}` : 'Le Mag';
  return page > 1 ? `${base} (page ${page})` : base;
}

function chipClass(current: boolean): string {
  return `inline-flex min-h-11 items-center gap-2 rounded-full border px-4 font-semibold no-underline ${
    current
      ? 'border-brand-800 bg-brand-800 text-white'
      : 'border-slate-300 bg-white text-slate-900 hover:border-brand-700 hover:bg-brand-50'
  }`;
}

export default function Magazine({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, categories, category } = loaderData;
  const all = categories.reduce((sum, known) => sum + known.count, 0);
  return (
    <div className="container-page space-y-8 py-8 sm:py-12">
      <div className="space-y-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          Le Mag{category ? ` : ${category}` : ''}
        </h1>
        <p className="max-w-3xl text-lg text-slate-700">
          Actualités, rencontres et conseils : les coups de cœur de la rédaction pour vos prochaines sorties.
        </p>
      </div>

      <nav aria-label="Catégories du Mag">
        <ul className="flex flex-wrap gap-3">
          <li>
            <AppLink
              to="/magazine"
              aria-current={category === null ? 'page' : undefined}
              className={chipClass(category === null)}
            >
              Tous les articles
              <ArticleCount count={all} />
            </AppLink>
          </li>
          {categories.map((known) => (
            <li key={known.name}>
              <AppLink
                to={hrefOf({ category: known.name })}
                aria-current={category === known.name ? 'page' : undefined}
                className={chipClass(category === known.name)}
              >
                {known.name}
                <ArticleCount count={known.count} />
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="magazine-articles" className="space-y-6">
        <h2 id="magazine-articles" className="sr-only">
          {countLabel(total, { none: 'Aucun article', one: 'article', many: 'articles' })}
        </h2>
        {items.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-6 text-slate-700">Aucun article publié pour le moment.</p>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="magazine-articles">
            {items.map((article, index) => (
              <li key={article.slug}>
                <ArticleCard article={article} headingLevel={3} priority={index === 0} />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={page}
          pageCount={pageCount}
          hrefFor={(target) => hrefOf({ category, page: target })}
          label="Pages du Mag"
        />
      </section>
    </div>
  );
}

/** A category's count, read out « : 4 articles ». */
function ArticleCount({ count }: { count: number }) {
  return (
    <span className="font-normal opacity-90">
      <span className="sr-only"> : </span>
      {count}
      <span className="sr-only">{count > 1 ? ' articles' : ' article'}</span>
    </span>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) =>
  pageMeta(
    {
      title: loaderData ? titleOf(loaderData) : 'Le Mag',
      description: 'Le Mag de Guichet : actualités, interviews et coups de cœur de la scène culturelle.',
      path: loaderData ? hrefOf(loaderData) : '/magazine',
    },
    { location, matches },
  );

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
