import { formatCalendarDate, LEGAL_ENTITY, type PostalAddress } from '@guichet/domain';
import { Breadcrumb } from '@guichet/ui/breadcrumb';
import { Info } from '@guichet/ui/icons';
import type { ReactNode } from 'react';

export type LegalSectionContent = {
  /** The anchor of the section (« #mediation »), linked from the page's contents. */
  id: string;
  title: string;
  body: ReactNode;
};

/**
 * A legal page: its title and date, the contents (anchors to each section: these pages are long and read
 * in bits), then the sections. While the company's details are stand-ins, the page says so.
 */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSectionContent[];
}) {
  return (
    <div className="container-page max-w-3xl space-y-8 py-8 sm:py-12">
      <div className="space-y-4">
        <Breadcrumb crumbs={[{ label: 'Accueil', to: '/' }, { label: title }]} />
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="text-sm text-slate-700">
          En vigueur depuis le{' '}
          <time dateTime={LEGAL_ENTITY.updatedOn}>{formatCalendarDate(LEGAL_ENTITY.updatedOn)}</time>.
        </p>
        {LEGAL_ENTITY.placeholder ? (
          <p className="flex items-start gap-3 rounded-xl border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
            <Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span>
              <strong>Document provisoire.</strong> Les coordonnées de la société qui figurent sur cette page sont des
              exemples, remplacées avant l’ouverture du site au public.
            </span>
          </p>
        ) : null}
        <div className="space-y-3 text-lg text-slate-700">{intro}</div>
      </div>

      <nav aria-labelledby="legal-sommaire" className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
        <h2 id="legal-sommaire" className="font-semibold text-slate-900">
          Sommaire
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-6">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="font-medium">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id} className="scroll-mt-4 space-y-3">
          <h2 id={section.id} className="text-2xl font-bold tracking-tight text-slate-900">
            {index + 1}. {section.title}
          </h2>
          <div className="space-y-3 leading-relaxed text-slate-800 [&_a]:underline [&_li]:mt-1 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
            {section.body}
          </div>
        </section>
      ))}
    </div>
  );
}

/** A postal address on separate lines, in an <address>. */
export function PostalAddressLines({ name, address }: { name: string; address: PostalAddress }) {
  return (
    <address className="not-italic">
      {name}
      <br />
      {address.street}
      <br />
      {address.postalCode} {address.city}, {address.country}
    </address>
  );
}

/** A mailto link to one of the company's addresses. */
export function MailLink({ to }: { to: string }) {
  return (
    <a href={`mailto:${to}`} className="font-medium">
      {to}
    </a>
  );
}
