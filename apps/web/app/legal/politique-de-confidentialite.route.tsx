import { LEGAL_ENTITY as entity, formatPostalAddress } from '@guichet/domain';
import { Table } from '@guichet/ui/table';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/politique-de-confidentialite.route';
import { LegalPage, type LegalSectionContent, MailLink } from './legal-page';
import { LEGAL_PAGES } from './legal-pages';

/**
 * The cookies the site sets, all strictly necessary (exempt from consent: article 82 of the loi
 * Informatique et Libertés); their lifetimes are those of apps/web/app/lib/server. In production the
 * session ones carry the `__Host-` prefix. Nothing here measures audience or serves advertising.
 */
const COOKIES = [
  { name: 'guichet_access', purpose: 'Vous garder connecté (jeton de session)', lifetime: '30 jours' },
  {
    name: 'guichet_refresh',
    purpose: 'Renouveler votre session sans vous redemander votre mot de passe',
    lifetime: '90 jours',
  },
  { name: 'guichet_cart', purpose: 'Garder le contenu de votre panier', lifetime: '2 jours' },
  { name: 'guichet_after_login', purpose: 'Vous ramener après la connexion à la page demandée', lifetime: '1 heure' },
  {
    name: 'guichet_notice',
    purpose: 'Afficher un message après une action (« Vous êtes déconnecté. »)',
    lifetime: '1 minute',
  },
] as const;

const PURPOSES = [
  {
    purpose: 'Créer et gérer votre compte client',
    basis: 'Exécution du contrat (article 6.1.b du RGPD)',
  },
  {
    purpose: 'Traiter vos commandes, leur paiement, émettre et envoyer vos billets',
    basis: 'Exécution du contrat (article 6.1.b)',
  },
  {
    purpose:
      'Transmettre à l’organisateur la liste des billets pour le contrôle d’accès, et vous prévenir d’une annulation ou d’un report',
    basis: 'Exécution du contrat (article 6.1.b)',
  },
  {
    purpose: 'Conserver les factures et pièces comptables',
    basis: 'Obligation légale (article 6.1.c ; article L123-22 du Code de commerce)',
  },
  {
    purpose: 'Protéger les comptes et le site (limitation des tentatives de connexion, prévention de la fraude)',
    basis: 'Intérêt légitime de Guichet (article 6.1.f)',
  },
  {
    purpose: 'Répondre à vos demandes au service client',
    basis: 'Exécution du contrat ou intérêt légitime (article 6.1.b ou f)',
  },
] as const;

const RETENTION = [
  { data: 'Compte client', duration: 'Jusqu’à sa suppression, ou 3 ans après votre dernière activité' },
  { data: 'Commandes et factures', duration: '10 ans (obligation comptable)' },
  { data: 'Journaux techniques (adresse IP)', duration: '1 an' },
  { data: 'Lien de réinitialisation du mot de passe', duration: '1 heure' },
  { data: 'Demandes au service client', duration: '3 ans après la dernière réponse' },
] as const;

const SECTIONS: LegalSectionContent[] = [
  {
    id: 'responsable',
    title: 'Responsable du traitement',
    body: (
      <p>
        Le responsable du traitement de vos données est {entity.companyName},{' '}
        {formatPostalAddress(entity.registeredOffice)}. Pour toute question sur vos données :{' '}
        <MailLink to={entity.privacyEmail} />.
      </p>
    ),
  },
  {
    id: 'donnees',
    title: 'Données traitées',
    body: (
      <ul>
        <li>Identité et contact : prénom, nom, adresse électronique, téléphone ;</li>
        <li>Adresse de facturation ;</li>
        <li>Mot de passe, conservé sous forme chiffrée irréversible (jamais en clair) ;</li>
        <li>Commandes, billets et leur statut ;</li>
        <li>Données techniques : adresse IP et journaux de connexion, pour la sécurité.</li>
      </ul>
    ),
  },
  {
    id: 'finalites',
    title: 'Finalités et bases légales',
    body: (
      <Table
        caption="Pourquoi vos données sont traitées, et sur quelle base"
        columns={[
          { key: 'purpose', header: 'Finalité', cell: (row) => row.purpose },
          { key: 'basis', header: 'Base légale', cell: (row) => row.basis },
        ]}
        rows={[...PURPOSES]}
        rowKey={(row) => row.purpose}
      />
    ),
  },
  {
    id: 'conservation',
    title: 'Durées de conservation',
    body: (
      <Table
        caption="Combien de temps vos données sont conservées"
        columns={[
          { key: 'data', header: 'Données', cell: (row) => row.data },
          { key: 'duration', header: 'Durée', cell: (row) => row.duration },
        ]}
        rows={[...RETENTION]}
        rowKey={(row) => row.data}
      />
    ),
  },
  {
    id: 'destinataires',
    title: 'Destinataires',
    body: (
      <>
        <p>Vos données sont destinées aux seules personnes qui en ont besoin :</p>
        <ul>
          <li>les équipes de Guichet, chacune pour sa mission ;</li>
          <li>l’organisateur de l’événement acheté, pour le contrôle d’accès et l’information des spectateurs ;</li>
          <li>le prestataire de paiement, pour le paiement ;</li>
          <li>
            nos sous-traitants techniques (hébergeur {entity.host.name}, envoi des courriers électroniques), tenus par
            contrat à la confidentialité.
          </li>
        </ul>
        <p>Guichet ne vend ni ne loue vos données. Elles sont hébergées dans l’Union européenne.</p>
      </>
    ),
  },
  {
    id: 'droits',
    title: 'Vos droits',
    body: (
      <>
        <p>
          Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, de portabilité et
          d’opposition sur vos données, ainsi que du droit de définir des directives sur leur sort après votre décès.
          Vous pouvez corriger vos informations vous-même dans l’espace client, rubrique « Mes informations ».
        </p>
        <p>
          Pour exercer vos droits, écrivez à <MailLink to={entity.privacyEmail} /> ou par courrier à{' '}
          {entity.companyName}, {formatPostalAddress(entity.registeredOffice)}. Une réponse vous est apportée dans un
          délai d’un mois ; une pièce d’identité peut vous être demandée en cas de doute sur votre identité.
        </p>
      </>
    ),
  },
  {
    id: 'reclamation',
    title: 'Réclamation auprès de la CNIL',
    body: (
      <p>
        Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la Commission
        nationale de l’informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou en
        ligne sur{' '}
        <a href="https://www.cnil.fr" rel="noopener" className="font-medium">
          www.cnil.fr
        </a>
        .
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>
          Guichet n’utilise que des cookies strictement nécessaires au fonctionnement du site, qui ne demandent pas
          votre consentement : aucun cookie de mesure d’audience, de publicité ou de réseau social. Les visites des
          pages d’événements sont comptées sans cookie, sans identifier les visiteurs.
        </p>
        {/* A list rather than a table: three columns of prose do not fit a phone. */}
        <ul aria-label="Les cookies déposés par Guichet" className="list-none! space-y-3! pl-0!">
          {COOKIES.map((cookie) => (
            <li key={cookie.name} className="rounded-xl border border-slate-200 p-4">
              <code className="font-semibold text-slate-900">{cookie.name}</code>
              <p>{cookie.purpose}.</p>
              <p className="text-sm text-slate-700">Durée : {cookie.lifetime}</p>
            </li>
          ))}
        </ul>
        <p>
          Le site garde aussi, le temps de votre visite, une note technique dans le stockage de votre navigateur pour
          recharger une page une seule fois après une mise à jour du site.
        </p>
      </>
    ),
  },
];

export default function PolitiqueDeConfidentialite() {
  return (
    <LegalPage
      title={LEGAL_PAGES.privacy.title}
      intro={
        <p>Quelles données Guichet traite, pourquoi, combien de temps, avec qui, et comment exercer vos droits.</p>
      }
      sections={SECTIONS}
    />
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: LEGAL_PAGES.privacy.title,
      description:
        'Politique de confidentialité de Guichet : données traitées, finalités, durées de conservation, destinataires, vos droits et les cookies utilisés.',
    },
    args,
  );
