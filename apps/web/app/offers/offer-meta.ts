import type { OfferDetail } from '@guichet/contracts';
import { formatValidUntil, offerPath, productJsonLd } from '@guichet/domain';
import type { MetaDescriptor } from 'react-router';
import { imageTypeOf } from '../lib/image-type';
import { absoluteUrl, type MetaContext, pageMeta, type ShareImage, siteUrlFrom } from '../lib/meta';

/**
 * A deal's metadata: « {title} – {partner}, {city} | Guichet Bons plans », its summary and validity, its
 * first visual for social previews, the canonical link to its own page, and its schema.org Product (JSON-LD).
 */
export function offerMeta(offer: OfferDetail, context: MetaContext): MetaDescriptor[] {
  const path = offerPath(offer);
  const siteUrl = siteUrlFrom(context.matches);
  const hero = offer.visuals[0];
  const image: ShareImage | undefined = hero
    ? { url: hero.url, alt: hero.alt, width: hero.width, height: hero.height, type: imageTypeOf(hero.url) }
    : undefined;
  const descriptors = pageMeta(
    {
      title: `${offer.title} – ${offer.partner.name}, ${offer.city}${offer.ended ? ' (offre terminée)' : ''}`,
      description: `${offer.ended ? 'Offre terminée. ' : ''}${offer.summary} Valable jusqu’au ${formatValidUntil(offer.validUntil)}.`,
      path,
      ...(image ? { image } : {}),
    },
    context,
  );
  descriptors.push({
    'script:ld+json': productJsonLd(offer, { url: absoluteUrl(siteUrl, path), siteUrl: siteUrl ?? '' }),
  });
  return descriptors;
}
