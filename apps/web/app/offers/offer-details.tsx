import type { OfferDetail } from '@guichet/contracts';
import { formatValidUntil } from '@guichet/domain';
import { Fact } from '@guichet/ui/fact';
import { CalendarCheck, CalendarClock, ExternalLink, MapPin } from '@guichet/ui/icons';
import { RichText } from '@guichet/ui/rich-text';
import { OfferGallery } from './offer-gallery';
import { OfferProducts } from './offer-products';

/** The partner's address, with its city unless the address already ends with it (« 75001 Paris »). */
export function partnerAddress({ address, city }: { address: string; city: string }): string {
  return address.toLocaleLowerCase('fr').endsWith(city.toLocaleLowerCase('fr')) ? address : `${address}, ${city}`;
}

/** Only a web address is a link: anything else the partner's record holds is not followed. */
function webAddress(url: string | undefined): string | null {
  return url && /^https?:\/\/[^\s]+$/i.test(url) ? url : null;
}

/**
 * A deal's page: its photos, partner and address, validity, products with their prices, then its
 * description and the conditions of the voucher. An ended deal says so and sells nothing.
 */
export function OfferDetails({ offer }: { offer: OfferDetail }) {
  const partnerUrl = webAddress(offer.partner.url);
  const sectionClass = 'text-2xl font-bold tracking-tight text-slate-900';
  return (
    <article className="space-y-10" aria-labelledby="bon-plan-titre">
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-start">
        <OfferGallery visuals={offer.visuals} title={offer.title} />
        <div className="space-y-5">
          <div className="space-y-2">
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-800">{offer.category}</p>
            <h1 id="bon-plan-titre" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
              {offer.title}
            </h1>
            <p className="text-lg text-slate-700">{offer.summary}</p>
          </div>

          {offer.ended ? (
            <p className="flex items-start gap-3 rounded-xl border-l-4 border-slate-600 bg-slate-100 p-4 text-slate-900">
              <CalendarCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <span>
                <strong className="block text-lg">Offre terminée</strong>
                Ce bon plan n’est plus en vente.
              </span>
            </p>
          ) : null}

          <dl className="space-y-4">
            <Fact icon={<MapPin className="size-5" aria-hidden="true" />} term="Partenaire">
              <address className="not-italic">
                <span className="font-semibold text-slate-900">{offer.partner.name}</span>
                <br />
                {partnerAddress(offer.partner)}
              </address>
              {partnerUrl ? (
                <a
                  href={partnerUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-2 inline-flex items-center gap-1 font-medium"
                >
                  Le site de {offer.partner.name}
                  <ExternalLink className="size-4" aria-hidden="true" />
                  <span className="sr-only"> (nouvel onglet)</span>
                </a>
              ) : null}
            </Fact>
            <Fact icon={<CalendarClock className="size-5" aria-hidden="true" />} term="Validité">
              Valable jusqu’au <time dateTime={offer.validUntil}>{formatValidUntil(offer.validUntil)}</time>
            </Fact>
          </dl>
        </div>
      </div>

      <section aria-labelledby="bon-plan-tarifs" className="space-y-4">
        <h2 id="bon-plan-tarifs" className={sectionClass}>
          Tarifs
        </h2>
        <OfferProducts products={offer.products} ended={offer.ended} />
      </section>

      <section aria-labelledby="bon-plan-presentation" className="space-y-4">
        <h2 id="bon-plan-presentation" className={sectionClass}>
          Présentation
        </h2>
        <RichText doc={offer.description} />
      </section>

      <section aria-labelledby="bon-plan-conditions" className="space-y-4">
        {/* The terms carry their own heading (« Conditions d’utilisation »), one level below. */}
        <h2 id="bon-plan-conditions" className={sectionClass}>
          Bon à savoir
        </h2>
        <RichText doc={offer.terms} />
      </section>
    </article>
  );
}
