/**
 * The 6 articles of Le Mag. Bodies use level 2 and 3 headings, bold, italic, underline and links. A link to a
 * seeded ticketing or deal is written `{billetterie:Title}` (its page), `{billetteries:Title}` (the listing
 * path ending in it) or `{bon-plan:Title}`: its URL needs the row's id, known only once it is inserted.
 */
import type { RichTextDocument, Visual } from '@guichet/contracts';
import { richText } from './rich-text.js';
import { slugify } from './util.js';
import { hueFor, LANDSCAPE, toVisual, type VisualSpec } from './visuals.js';

type ArticleDef = {
  title: string;
  summary: string;
  author: string;
  category: string;
  /** Days before the seeding day. */
  daysAgo: number;
  /** Blocks in the markup of `richText()`, with `{billetterie:…}` links. */
  body: string[];
};

const DEFS: ArticleDef[] = [
  {
    title: 'Dix festivals à ne pas manquer cette saison',
    summary: 'De Lyon à Lausanne, notre sélection des festivals qui vont marquer les mois à venir.',
    author: 'Claire Vasseur',
    category: 'Festivals',
    daysAgo: 3,
    body: [
      'La saison des festivals s’annonce **exceptionnelle**. Voici notre sélection, des nuits électroniques lyonnaises aux rives du Léman.',
      '## Les rendez-vous électro',
      'Impossible de passer à côté des [Nuits Électriques]({billetterie:Les Nuits Électriques}), qui investissent la Salle des Confluences pendant deux nuits. __Réservez tôt__ : l’an dernier, les pass deux jours se sont arrachés en une semaine.',
      '### Notre conseil',
      'Prévoyez des bouchons d’oreille et consultez le [guide du festivalier](/magazine/guide-du-festivalier) avant de partir. Entre deux nuits, offrez-vous une [soirée bouchon lyonnais]({bon-plan:Soirée bouchon lyonnais}).',
      '## Les festivals en plein air',
      'Le **Festival Garonne en Fête** et l’*Azur Summer Festival* promettent des affiches éclectiques, entre rap, fanfares et pop solaire. [Les pass de Garonne en Fête]({billetterie:Festival Garonne en Fête}) sont déjà en vente.',
      '### Et en Suisse ?',
      'Les amateurs de jazz ne manqueront pas **Jazz au Léman**, à Lausanne, pour deux jours de [concerts et de jam-sessions]({billetteries:Jazz au Léman}).',
    ],
  },
  {
    title: 'Rencontre avec Margaux Lenoir : « La scène, c’est ma respiration »',
    summary: 'La chanteuse revient sur l’écriture de Rivages et sur sa tournée avec un quatuor à cordes.',
    author: 'Julien Moreau',
    category: 'Rencontres',
    daysAgo: 9,
    body: [
      'Nous avons retrouvé **Margaux Lenoir** dans un café de Belleville, quelques jours avant le coup d’envoi de sa tournée.',
      '## L’écriture de Rivages',
      '« J’ai écrit la plupart des chansons face à la mer, en Bretagne. *Rivages* parle de départs, mais surtout de __retours__. »',
      '### Un quatuor à cordes sur scène',
      '« Je voulais des cordes depuis toujours. Sur scène, elles donnent aux chansons une **ampleur** que je n’imaginais pas. »',
      '## La tournée',
      'La tournée passe par [Paris]({billetterie:Margaux Lenoir — Rivages}), Bordeaux et Liège. Toutes les dates sont sur sa [page artiste](/artistes/margaux-lenoir) et sur *Guichet*.',
    ],
  },
  {
    title: 'Comment bien choisir sa place au théâtre',
    summary: 'Orchestre, corbeille ou balcon : nos conseils pour profiter pleinement d’un spectacle.',
    author: 'Sophie Lambert',
    category: 'Conseils',
    daysAgo: 16,
    body: [
      'Le plan de salle d’un théâtre à l’italienne peut dérouter. Voici **l’essentiel** pour choisir sa place sans se tromper.',
      '## Orchestre, corbeille et balcon',
      'L’*orchestre* est au niveau de la scène ; la *corbeille* forme le premier balcon. Pour une vue d’ensemble des mises en scène chorégraphiées, la corbeille est souvent __le meilleur compromis__.',
      '### Et les places à visibilité réduite ?',
      'Elles sont moins chères, mais **vérifiez toujours** la mention sur le billet. Le site du [ministère de la Culture](https://www.culture.gouv.fr) recense aussi les dispositifs d’accessibilité.',
      '## Les tarifs réduits',
      'Étudiants, moins de 26 ans, demandeurs d’emploi : de nombreux tarifs réduits existent. Pensez à **emporter un justificatif** le jour J.',
    ],
  },
  {
    title: 'Le stand-up francophone en pleine forme',
    summary: 'Comedy clubs, tournées à guichets fermés : pourquoi le stand-up n’a jamais été aussi populaire.',
    author: 'Karim Benali',
    category: 'Humour',
    daysAgo: 24,
    body: [
      'Des caves parisiennes aux arénas, le **stand-up** francophone vit un véritable âge d’or.',
      '## Des comedy clubs partout',
      'Chaque grande ville a désormais ses scènes ouvertes, où les jeunes humoristes testent leurs textes devant le public. *Théo Garnier* y a fait ses premières armes.',
      '### Une nouvelle génération',
      '**Élodie Fontaine**, Théo Garnier et bien d’autres écrivent sur le quotidien avec une autodérision __assumée__.',
      '## Où les voir ?',
      'Retrouvez toutes les dates sur [notre agenda](/agenda), de Lille à Genève.',
    ],
  },
  {
    title: 'Sortir en famille : nos idées pour les vacances',
    summary: 'Spectacles de marionnettes, concerts pour enfants et cirque : le meilleur pour les petits.',
    author: 'Claire Vasseur',
    category: 'Famille',
    daysAgo: 38,
    body: [
      'Les vacances approchent et vous cherchez une sortie qui plaira **à toute la famille** ? Suivez le guide.',
      '## Pour les tout-petits',
      '[Le Voyage de Pipo]({billetterie:Le Voyage de Pipo}) des Petites Mains enchante les enfants dès trois ans : cinquante minutes de marionnettes et d’ombres, __sans écran__.',
      '### Pour chanter ensemble',
      'Les concerts des **Joyeux Lurons** font danser petits et grands. Pensez au *pass famille*, plus avantageux.',
      '## Le cirque, valeur sûre',
      'Le **Cirque Plume d’Or** propose [un spectacle poétique et sans animaux]({billetterie:Cirque Plume d’Or — Envol}). Plus d’idées sur le site [Mon enfant](https://www.monenfant.fr).',
    ],
  },
  {
    title: 'Expositions immersives : la nouvelle vague',
    summary: 'Projections à 360°, sols interactifs : les expositions immersives réinventent la visite.',
    author: 'Julien Moreau',
    category: 'Expositions',
    daysAgo: 55,
    body: [
      'Elles attirent des foules considérables : les **expositions immersives** transforment d’anciennes halles industrielles en univers de lumière.',
      '## Le succès du Collectif Lumière Vive',
      'Avec [Lumières Vives]({billetterie:Lumières Vives, l’exposition immersive}) puis *L’Océan des lumières*, le collectif a déjà accueilli plus d’un million de visiteurs.',
      '### Comment ça marche ?',
      'Des dizaines de projecteurs, des capteurs de mouvement et une création sonore __originale__ réagissent aux déplacements du public.',
      '## Nos conseils de visite',
      'Venez en semaine, **réservez un créneau** et consultez la [programmation des musées](https://www.culture.gouv.fr) pour prolonger l’expérience. Notre bon plan : la [carte cinq entrées aux musées]({bon-plan:Carte cinq entrées aux musées}).',
    ],
  },
];

export type ArticleSeed = {
  slug: string;
  title: string;
  summary: string;
  author: string;
  category: string;
  daysAgo: number;
  /** The blocks' markup, seeded links still to be resolved (`articleBody`). */
  bodyMarkup: string[];
  visualSpec: VisualSpec;
  visual: Visual;
};

export const ARTICLES: ArticleSeed[] = DEFS.map((def) => {
  const slug = slugify(def.title);
  const visualSpec: VisualSpec = {
    url: `/visuals/articles/${slug}.svg`,
    alt: `Illustration de l’article « ${def.title} »`,
    ...LANDSCAPE,
    style: 'editorial',
    title: def.title,
    subtitle: `${def.category} · par ${def.author}`,
    badge: 'Le Mag',
    hue: hueFor(slug),
  };
  const { body, ...rest } = def;
  return { ...rest, slug, bodyMarkup: body, visualSpec, visual: toVisual(visualSpec) };
});

/** Links to the site's own pages are stored as paths (docs/decisions/0070): no origin before them. */
const SITE = '';

/** Where a seeded row lives once inserted: the URL of the page of the ticketing or the deal with that title. */
export type SeededLinks = {
  ticketing(title: string): { slug: string; id: number; country: string };
  offer(title: string): { slug: string; id: number };
};

/** An article's body with its seeded links resolved to the pages of the inserted rows. */
export function articleBody(article: ArticleSeed, links: SeededLinks): RichTextDocument {
  return richText(
    article.bodyMarkup.map((block) =>
      block.replace(/\{(billetterie|billetteries|bon-plan):([^}]+)\}/g, (_, kind: string, title: string) => {
        if (kind === 'bon-plan') {
          const offer = links.offer(title);
          return `${SITE}/bons-plans/offer/${offer.slug}-${offer.id}`;
        }
        const ticketing = links.ticketing(title);
        return kind === 'billetterie'
          ? `${SITE}/billetterie/${ticketing.slug}-${ticketing.id}`
          : `${SITE}/billetteries/${ticketing.country}/${ticketing.slug}-${ticketing.id}`;
      }),
    ),
  );
}
