import { LEGAL_ENTITY as entity, formatPostalAddress, formatRcs } from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/conditions-generales-de-vente.route';
import { LegalPage, type LegalSectionContent, MailLink, PostalAddressLines } from './legal-page';
import { LEGAL_PAGES } from './legal-pages';

/**
 * The usual sections of a French ticketing site's terms of sale; the articles of the Code de la
 * consommation they rest on are named where a buyer may want to check them.
 */
const SECTIONS: LegalSectionContent[] = [
  {
    id: 'objet',
    title: 'Objet et champ d’application',
    body: (
      <>
        <p>
          Les présentes conditions générales de vente (CGV) régissent la vente de billets et d’offres sur le site
          Guichet, édité par {entity.companyName}, {entity.legalForm}, {formatRcs(entity)}, dont le siège social est
          situé {formatPostalAddress(entity.registeredOffice)} (ci-après « Guichet »). Les informations complètes sur
          Guichet figurent dans les <AppLink to={LEGAL_PAGES.notice.path}>mentions légales</AppLink>.
        </p>
        <p>
          Guichet vend les billets au nom et pour le compte des organisateurs des événements, qui fixent les prix et les
          conditions d’accès et restent seuls responsables du déroulement de l’événement. Toute commande vaut
          acceptation des CGV en vigueur le jour de la commande, que l’acheteur accepte en cochant la case prévue à cet
          effet.
        </p>
      </>
    ),
  },
  {
    id: 'prix',
    title: 'Prix',
    body: (
      <>
        <p>
          Les prix sont indiqués en euros, toutes taxes comprises (TTC). Le prix affiché sur la page de l’événement,
          remises comprises, est celui qui est facturé ; le total de la commande est rappelé avant son paiement.
        </p>
        <p>
          L’organisateur peut modifier ses prix à tout moment ; les billets sont facturés au prix en vigueur au moment
          de la validation de la commande.
        </p>
      </>
    ),
  },
  {
    id: 'commande',
    title: 'Commande',
    body: (
      <>
        <p>
          L’acheteur choisit ses billets sur la page de l’événement, dans la limite du nombre de billets proposé par
          commande, puis valide son panier. La commande nécessite un compte client. Avant de payer, l’acheteur vérifie
          le détail de sa commande et son prix total, et peut corriger d’éventuelles erreurs.
        </p>
        <p>
          Le bouton de validation indique que la commande implique une obligation de paiement. La vente est conclue à
          l’acceptation du paiement ; Guichet envoie alors une confirmation par courrier électronique, avec la référence
          de la commande. Les billets ne sont garantis qu’à ce moment, dans la limite des places disponibles.
        </p>
      </>
    ),
  },
  {
    id: 'paiement',
    title: 'Paiement',
    body: (
      <p>
        Le paiement s’effectue en ligne, par carte bancaire, au moment de la commande, auprès d’un prestataire de
        paiement sécurisé (protocole 3-D Secure). Guichet ne reçoit ni ne conserve les numéros de carte. En cas de refus
        du paiement, la commande est annulée et aucun billet n’est émis.
      </p>
    ),
  },
  {
    id: 'billets',
    title: 'Billets électroniques',
    body: (
      <>
        <p>
          Les billets sont électroniques. Ils sont envoyés par courrier électronique dès la confirmation de la commande
          et restent disponibles dans l’espace client, rubrique « Mes commandes ». Ils peuvent être imprimés ou
          présentés sur un téléphone à l’entrée de l’événement.
        </p>
        <ul>
          <li>
            Chaque billet porte un code unique, valable pour une seule entrée : seul le premier billet présenté est
            accepté. Toute copie est inutile.
          </li>
          <li>L’organisateur peut demander une pièce d’identité ou un justificatif de tarif réduit à l’entrée.</li>
          <li>
            La revente habituelle de billets sans l’autorisation de l’organisateur est interdite (article 313-6-2 du
            Code pénal).
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'retractation',
    title: 'Absence de droit de rétractation',
    body: (
      <p>
        Conformément à l’article L221-28 12° du Code de la consommation, le droit de rétractation ne s’applique pas aux
        prestations de services d’activités de loisirs fournies à une date ou à une période déterminée. Les billets ne
        sont donc ni repris ni échangés, sauf annulation ou report de l’événement (article suivant).
      </p>
    ),
  },
  {
    id: 'annulation',
    title: 'Annulation, report ou modification de l’événement',
    body: (
      <>
        <p>
          En cas d’annulation de l’événement par l’organisateur, le prix des billets est remboursé à l’acheteur, sur le
          moyen de paiement utilisé pour la commande, dans un délai de 30 jours. Guichet informe l’acheteur par courrier
          électronique et indique la page de l’événement comme annulée.
        </p>
        <p>
          En cas de report, les billets restent valables pour la nouvelle date ; l’acheteur qui ne peut pas s’y rendre
          peut en demander le remboursement dans le délai annoncé par l’organisateur. Un changement de distribution ou
          de programme décidé par l’organisateur n’ouvre droit à remboursement que s’il modifie substantiellement
          l’événement.
        </p>
      </>
    ),
  },
  {
    id: 'responsabilite',
    title: 'Responsabilité',
    body: (
      <p>
        Guichet est responsable de la bonne exécution de la vente et de l’émission des billets. L’organisateur est
        responsable de l’événement, de son contenu et de son déroulement. Ni Guichet ni l’organisateur ne sont
        responsables d’une inexécution due à un cas de force majeure. Guichet n’est pas responsable de la perte, du vol
        ou de la diffusion d’un billet par l’acheteur.
      </p>
    ),
  },
  {
    id: 'donnees-personnelles',
    title: 'Données personnelles',
    body: (
      <p>
        Les données nécessaires à la commande sont traitées par Guichet et transmises à l’organisateur de l’événement
        pour le contrôle d’accès et l’information des spectateurs. Leur traitement et vos droits sont décrits dans la{' '}
        <AppLink to={LEGAL_PAGES.privacy.path}>politique de confidentialité</AppLink>.
      </p>
    ),
  },
  {
    id: 'service-client',
    title: 'Service client et réclamations',
    body: (
      <p>
        Pour toute question ou réclamation sur une commande, écrivez à <MailLink to={entity.contactEmail} /> en
        indiquant sa référence, ou appelez le {entity.contactPhone}. Guichet répond dans les meilleurs délais.
      </p>
    ),
  },
  {
    id: 'mediation',
    title: 'Médiation de la consommation',
    body: (
      <>
        <p>
          Conformément aux articles L612-1 et suivants du Code de la consommation, l’acheteur consommateur peut recourir
          gratuitement au médiateur de la consommation dont Guichet relève, après avoir adressé une réclamation écrite
          au service client restée sans réponse satisfaisante, et au plus tard un an après cette réclamation :
        </p>
        <PostalAddressLines name={entity.mediator.name} address={entity.mediator.address} />
        <p>
          Site internet :{' '}
          <a href={entity.mediator.website} rel="noopener" className="font-medium">
            {entity.mediator.website}
          </a>
        </p>
      </>
    ),
  },
  {
    id: 'litiges',
    title: 'Droit applicable et litiges',
    body: (
      <p>
        Les présentes CGV sont soumises au droit français. À défaut d’accord amiable ou de médiation, le litige est
        porté devant la juridiction compétente ; le consommateur peut saisir, à son choix, celle du lieu où il demeurait
        au moment de la commande (article R631-3 du Code de la consommation).
      </p>
    ),
  },
];

export default function ConditionsGeneralesDeVente() {
  return (
    <LegalPage
      title={LEGAL_PAGES.terms.title}
      intro={
        <p>Les règles de la vente de billets sur Guichet : prix, commande, paiement, billets et remboursements.</p>
      }
      sections={SECTIONS}
    />
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: LEGAL_PAGES.terms.title,
      description:
        'Conditions générales de vente de Guichet : prix en euros TTC, commande, paiement, billets électroniques, annulation et médiation.',
    },
    args,
  );
