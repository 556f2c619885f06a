import { type ListingPath, parseListingPath } from '@guichet/domain';
import { PlaceholderPage } from '../components/placeholder-page';
import { pageMeta } from '../lib/meta';
import { notFound } from '../lib/route-params';
import type { Route } from './+types/billetteries';

type ListingParams = Partial<Record<'country' | 'year' | 'month' | 'day' | 'ticketingID', string>>;

export function loader({ params, request }: Route.LoaderArgs) {
  // The same module serves every listing path; the parameters are the path's segments in order.
  const { country, year, month, day, ticketingID } = params as ListingParams;
  const segments = [country, year, month, day, ticketingID].filter((segment) => segment !== undefined);
  return { listing: parseListingPath(segments) ?? notFound(request) };
}

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** 'France – 14 mars 2027' for the place and date a listing path selects. */
function describeListing({ country, year, month, day }: ListingPath): string {
  const place = country ? country.charAt(0).toUpperCase() + country.slice(1).replaceAll('-', ' ') : null;
  const monthName = month ? MONTHS[month - 1] : null;
  const date = [day === 1 ? '1er' : day, monthName, year].filter((part) => part !== null && part !== undefined);
  return [place, date.join(' ')].filter(Boolean).join(' – ');
}

function titleOf(listing: ListingPath | undefined): string {
  if (!listing) return 'Billetteries';
  if (listing.ticketingID !== null) return 'Billetterie';
  const context = describeListing(listing);
  return context ? `Billetteries – ${context}` : 'Billetteries';
}

export default function Billetteries({ loaderData }: Route.ComponentProps) {
  return <PlaceholderPage title={titleOf(loaderData.listing)} />;
}

export const meta: Route.MetaFunction = ({ loaderData, ...args }) =>
  pageMeta(
    {
      title: titleOf(loaderData?.listing),
      description: 'Trouvez les billetteries des concerts, spectacles et festivals par pays et par date.',
    },
    args,
  );
