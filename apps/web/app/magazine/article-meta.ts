import type { ArticleDetail } from '@guichet/contracts';
import { articleJsonLd, articlePath, BRAND } from '@guichet/domain';
import type { MetaDescriptor } from 'react-router';
import { imageTypeOf } from '../lib/image-type';
import {
  absoluteUrl,
  DEFAULT_SHARE_IMAGE,
  type MetaContext,
  pageMeta,
  type ShareImage,
  siteUrlFrom,
} from '../lib/meta';

/**
 * An article's metadata: « {title} | Guichet Le Mag », its summary (its SEO title and description instead, when
 * the editors wrote them), its visual for social previews (og:type
 * article, with its date, author and section), the canonical link and its schema.org Article (JSON-LD).
 */
export function articleMeta(article: ArticleDetail, context: MetaContext): MetaDescriptor[] {
  const path = articlePath(article);
  const siteUrl = siteUrlFrom(context.matches);
  const visual = article.visual;
  const image: ShareImage | undefined = visual
    ? { url: visual.url, alt: visual.alt, width: visual.width, height: visual.height, type: imageTypeOf(visual.url) }
    : undefined;
  const descriptors = pageMeta(
    {
      title: article.seo.title || article.title,
      description: article.seo.description || article.summary,
      path,
      type: 'article',
      ...(image ? { image } : {}),
    },
    context,
  );
  descriptors.push(
    { property: 'article:published_time', content: article.publishedAt },
    { property: 'article:author', content: article.author },
    { property: 'article:section', content: article.category },
    {
      'script:ld+json': articleJsonLd(article, {
        url: absoluteUrl(siteUrl, path),
        siteUrl: siteUrl ?? '',
        publisher: { name: BRAND, logo: DEFAULT_SHARE_IMAGE.url },
      }),
    },
  );
  return descriptors;
}
