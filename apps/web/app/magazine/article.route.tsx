import { getArticle } from '@guichet/contracts';
import { ticketingPath } from '@guichet/domain';
import { Breadcrumb } from '@guichet/ui/breadcrumb';
import { RichText } from '@guichet/ui/rich-text';
import { useNavigate } from 'react-router';
import { TicketingGrid } from '../catalogue/ticketing-card';
import { pageMeta } from '../lib/meta';
import { notFound } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import { OfferGrid } from '../offers/offer-card';
import { VisualImage } from '../ui/visual-image';
import type { Route } from './+types/article.route';
import { ArticleByline } from './article-card';
import { articleMeta } from './article-meta';

/** An article's slug as the site writes them: lower-case words and digits joined by dashes, 100 at most. */
const ARTICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** /magazine/{articleSlug}: one API call; a slug of another shape or an unknown one is the site's 404. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const slug = params.articleSlug;
  if (slug.length > 100 || !ARTICLE_SLUG.test(slug)) notFound(request);
  const article = await apiFor(request).loadData(getArticle, { params: { slug } });
  return { article };
}

export default function Article({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  const { ticketings, offers } = article.linked;
  // An internal link of the body (a site path) is a client navigation in the same tab; others open a new one.
  const navigate = useNavigate();
  return (
    <div className="container-page space-y-8 py-8 sm:py-12">
      <Breadcrumb
        crumbs={[
          { label: 'Le Mag', to: '/magazine' },
          { label: article.category, to: `/magazine?${new URLSearchParams({ category: article.category })}` },
          { label: article.title },
        ]}
      />
      <article className="mx-auto max-w-3xl space-y-6">
        <header className="space-y-3">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">{article.category}</p>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{article.title}</h1>
          <p className="text-lg text-slate-700">{article.summary}</p>
          <p className="text-slate-700">
            Par <span className="font-semibold text-slate-900">{article.author}</span>
            <span aria-hidden="true"> · </span>
            <ArticleByline article={article} />
          </p>
        </header>
        <VisualImage
          visual={article.visual}
          described
          priority
          className="w-full rounded-2xl bg-slate-100 object-cover"
        />
        <RichText doc={article.body} className="text-lg" sitePaths onSitePath={(path) => navigate(path)} />
      </article>

      {ticketings.length > 0 ? (
        <section aria-labelledby="article-billetteries" className="space-y-4">
          <h2 id="article-billetteries" className="text-2xl font-bold tracking-tight text-slate-900">
            Les événements de l’article
          </h2>
          <TicketingGrid ticketings={ticketings} linkFor={ticketingPath} headingLevel={3} />
        </section>
      ) : null}
      {offers.length > 0 ? (
        <section aria-labelledby="article-bons-plans" className="space-y-4">
          <h2 id="article-bons-plans" className="text-2xl font-bold tracking-tight text-slate-900">
            Les bons plans de l’article
          </h2>
          <OfferGrid offers={offers} headingLevel={3} />
        </section>
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) =>
  loaderData
    ? articleMeta(loaderData.article, { location, matches })
    : pageMeta({ title: 'Article', type: 'article' }, { location, matches });

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
