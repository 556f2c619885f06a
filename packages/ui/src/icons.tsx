/**
 * The site's icons: Lucide's drawings, each a `<use>` of one symbol of a sprite (`icons.svg`, written by
 * `npm run icons` from the names below), served with the other assets under a versioned name and cached a
 * year. A Lucide component draws its paths in every page, for every card: on a listing, 62 icons made 386
 * of the body's 949 elements and 29 KB of its 115 KB, all rendered by React on the server and hydrated in
 * the browser. Here an icon is two elements; the browser fetches the drawings once (docs/decisions/0036).
 *
 * Same attributes as Lucide's own (size 24, stroke 2, round caps, `lucide lucide-<name>` classes), and hidden
 * from assistive technologies unless given an accessible name (an `aria-*` prop, a role, a title or
 * children), as Lucide does. Every icon of the site comes from here (biome.json forbids `lucide-react`).
 */
import type { ReactElement, SVGProps } from 'react';
import sprite from './icons.svg?url';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number | string };
export type IconComponent = ((props: IconProps) => ReactElement) & { displayName: string };

/** Lucide's test: anything that names the icon for assistive technologies. */
const describes = (props: object) =>
  Object.keys(props).some((key) => key.startsWith('aria-') || key === 'role' || key === 'title');

function spriteIcon(name: string): IconComponent {
  const Icon = ({ size = 24, strokeWidth = 2, className, children, ...rest }: IconProps) => (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden) unless the caller names it, as Lucide's icons.
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`}
      aria-hidden={children || describes(rest) ? undefined : 'true'}
      {...rest}
    >
      {children}
      <use href={`${sprite}#${name}`} />
    </svg>
  );
  Icon.displayName = `Icon(${name})`;
  return Icon;
}

export const ArrowLeft = spriteIcon('arrow-left');
export const ArrowRight = spriteIcon('arrow-right');
export const Ban = spriteIcon('ban');
export const Bell = spriteIcon('bell');
export const Bold = spriteIcon('letter-b');
export const CalendarCheck = spriteIcon('calendar-check');
export const CalendarClock = spriteIcon('calendar-clock');
export const CalendarDays = spriteIcon('calendar-days');
export const CalendarPlus = spriteIcon('calendar-plus');
export const ChevronRight = spriteIcon('chevron-right');
export const CircleAlert = spriteIcon('circle-exclamation-point');
export const CircleCheck = spriteIcon('circle-check');
export const CircleHelp = spriteIcon('circle-question-mark');
export const CircleX = spriteIcon('circle-x');
export const Clock = spriteIcon('clock');
export const Code = spriteIcon('code');
export const Copy = spriteIcon('copy');
export const CreditCard = spriteIcon('credit-card');
export const Download = spriteIcon('download');
export const ExternalLink = spriteIcon('external-link');
export const FileText = spriteIcon('file-text');
export const Filter = spriteIcon('funnel');
export const FlaskConical = spriteIcon('flask-conical');
export const Heading1 = spriteIcon('heading-1');
export const Heading2 = spriteIcon('heading-2');
export const Heading3 = spriteIcon('heading-3');
export const Heading4 = spriteIcon('heading-4');
export const Info = spriteIcon('info');
export const Italic = spriteIcon('italic');
export const Link = spriteIcon('link');
export const LoaderCircle = spriteIcon('loader-circle');
export const Lock = spriteIcon('lock');
export const LogIn = spriteIcon('log-in');
export const LogOut = spriteIcon('log-out');
export const Mail = spriteIcon('mail');
export const MapPin = spriteIcon('map-pin');
export const Menu = spriteIcon('menu');
export const Minus = spriteIcon('minus');
export const Pilcrow = spriteIcon('pilcrow');
export const Plus = spriteIcon('plus');
export const ReceiptText = spriteIcon('receipt-text');
export const Search = spriteIcon('search');
export const SearchX = spriteIcon('search-x');
export const ShieldCheck = spriteIcon('shield-check');
export const ShoppingBag = spriteIcon('shopping-bag');
export const ShoppingCart = spriteIcon('shopping-cart');
export const Smartphone = spriteIcon('smartphone');
export const Store = spriteIcon('store');
export const Tag = spriteIcon('tag');
export const Ticket = spriteIcon('ticket');
export const Trash2 = spriteIcon('trash');
export const Underline = spriteIcon('underline');
export const Unlink = spriteIcon('unlink');
export const UserRound = spriteIcon('user-round');
export const UserRoundPen = spriteIcon('user-round-pen');
export const X = spriteIcon('x');
