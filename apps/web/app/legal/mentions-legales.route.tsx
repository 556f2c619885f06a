import { LEGAL_ENTITY as entity, formatPostalAddress, formatPrice, formatRcs } from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/mentions-legales.route';
import { LegalPage, type LegalSectionContent, MailLink, PostalAddressLines } from './legal-page';
import { LEGAL_PAGES } from './legal-pages';

/** Loi pour la confiance dans l'économie numérique (LCEN), article 6 III: publisher, director, host. */
const SECTIONS: LegalSectionContent[] = [
  {
    id: 'editeur',
    title: 'Éditeur du site',
    body: (
      <>
        <p>
          Le site Guichet est édité par <strong>{entity.companyName}</strong>, {entity.legalForm} au capital de{' '}
          {formatPrice(entity.shareCapital)}, immatriculée au registre du commerce et des sociétés sous le numéro{' '}
          {formatRcs(entity)}.
        </p>
        <ul>
          <li>Siège social : {formatPostalAddress(entity.registeredOffice)}</li>
          <li>Numéro de TVA intracommunautaire : {entity.vatNumber}</li>
          <li>
            Adresse électronique : <MailLink to={entity.contactEmail} />
          </li>
          <li>Téléphone : {entity.contactPhone}</li>
        </ul>
      </>
    ),
  },
  {
    id: 'directeur-publication',
    title: 'Directeur de la publication',
    body: <p>Le directeur de la publication est {entity.publicationDirector}.</p>,
  },
  {
    id: 'hebergeur',
    title: 'Hébergeur',
    body: (
      <>
        <p>Le site est hébergé par :</p>
        <PostalAddressLines name={entity.host.name} address={entity.host.address} />
        <p>Téléphone : {entity.host.phone}</p>
      </>
    ),
  },
  {
    id: 'billetterie',
    title: 'Activité de billetterie',
    body: (
      <p>
        Guichet vend des billets au nom et pour le compte des organisateurs des événements, qui en restent responsables.
        Les ventes sont régies par les <AppLink to={LEGAL_PAGES.terms.path}>conditions générales de vente</AppLink>.
      </p>
    ),
  },
  {
    id: 'propriete-intellectuelle',
    title: 'Propriété intellectuelle',
    body: (
      <p>
        Les textes, visuels, logos et éléments graphiques du site sont protégés par le droit d’auteur et le droit des
        marques. Ceux des événements appartiennent à leurs organisateurs et aux artistes. Toute reproduction sans
        autorisation est interdite, sauf exceptions prévues par la loi.
      </p>
    ),
  },
  {
    id: 'donnees-personnelles',
    title: 'Données personnelles et cookies',
    body: (
      <p>
        Ce que Guichet fait de vos données, vos droits et les cookies utilisés sont décrits dans la{' '}
        <AppLink to={LEGAL_PAGES.privacy.path}>politique de confidentialité</AppLink>. Pour toute question :{' '}
        <MailLink to={entity.privacyEmail} />.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Nous contacter',
    body: (
      <p>
        Par courrier électronique à <MailLink to={entity.contactEmail} />, par téléphone au {entity.contactPhone}, ou
        par courrier au siège social ci-dessus.
      </p>
    ),
  },
];

export default function MentionsLegales() {
  return (
    <LegalPage
      title={LEGAL_PAGES.notice.title}
      intro={<p>Qui édite et héberge le site Guichet, et comment nous joindre.</p>}
      sections={SECTIONS}
    />
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: LEGAL_PAGES.notice.title,
      description: `Mentions légales de Guichet : éditeur (${entity.companyName}), directeur de la publication, hébergeur et contact.`,
    },
    args,
  );
