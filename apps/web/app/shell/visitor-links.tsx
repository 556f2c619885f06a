import { UserRound } from '@guichet/ui/icons';
import { Link } from 'react-router';
import { CartButton } from '../cart/cart-button';
import { type DocumentVisitor, VISITOR_DATA_ID, visitorJson } from '../lib/document-visitor';
import { LOGIN_PATH } from '../lib/session-user';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'guichet-visitor': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        'data-cart'?: string;
      };
    }
  }
}

const buttonClass = 'btn btn-primary whitespace-nowrap max-sm:px-3';

/**
 * The header's part that depends on the visitor: the cart button with its count, and « Connexion » or the
 * visitor's firstname (spec: header). It is one `<guichet-visitor>` element, the only part of a public page
 * that differs from one visitor to another: the page cache serves a public page's shared copy with this
 * element rendered for the visitor in the place of the anonymous one (shell/page-cache.server.ts), so
 * the page is right without JavaScript. The visitor it shows is written beside it as data, which the page
 * reads when it hydrates (lib/hooks/use-root-data.ts): the shared copy's own loader data is the anonymous
 * visitor's. Its links say `discover="none"`: rendered alone for a copy, it has no route manifest to name.
 */
export function VisitorLinks({ visitor, showCart }: { visitor: DocumentVisitor; showCart: boolean }) {
  return (
    <guichet-visitor className="contents" data-cart={String(showCart)}>
      {showCart ? <CartButton count={visitor.cartCount} /> : null}
      {visitor.user ? (
        <Link to="/account/orders" discover="none" className={buttonClass}>
          <UserRound className="size-5 max-sm:hidden" aria-hidden="true" />
          <span className="max-w-32 truncate">{visitor.user.firstname}</span>
        </Link>
      ) : (
        <Link to={LOGIN_PATH} discover="none" className={buttonClass}>
          <UserRound className="size-5 max-sm:hidden" aria-hidden="true" />
          Connexion
        </Link>
      )}
      <script
        type="application/json"
        id={VISITOR_DATA_ID}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, a data block that never runs.
        dangerouslySetInnerHTML={{ __html: visitorJson(visitor) }}
      />
    </guichet-visitor>
  );
}
