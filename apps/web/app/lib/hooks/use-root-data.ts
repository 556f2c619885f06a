import { useRouteLoaderData } from 'react-router';
import { type DocumentVisitor, parseDocumentVisitor, VISITOR_DATA_ID } from '../document-visitor';
import type { RootData as Loaded } from '../root-data';

type RootData = Loaded | undefined;

/** The root loader data the page hydrated with, and the same with the visitor the document was served for. */
let hydrated: { data: RootData; shown: RootData } | null = null;

function withDocumentVisitor(data: NonNullable<RootData>, visitor: DocumentVisitor): NonNullable<RootData> {
  // The loader's user when it is the same person: it knows more of them (the billing address).
  const sameUser = data.user && visitor.user && data.user.id === visitor.user.id;
  return {
    ...data,
    user: sameUser ? data.user : visitor.user ? { ...visitor.user, loggedIn: true } : null,
    cartCount: visitor.cartCount,
    cartFromAccount: visitor.cartFromAccount,
  };
}

/**
 * The root loader's data ({ env, user, cartCount… }); undefined when the root loader itself failed.
 *
 * In the browser, until the root loader answers again, the visitor is the one written in the document: a public
 * page may be a copy shared by every visitor, whose loader data is the anonymous visitor's, served with the
 * header of the visitor who asked (docs/decisions/0050). Hydrating with that visitor keeps the header as served.
 */
export function useRootData(): RootData {
  const data = useRouteLoaderData<Loaded>('root');
  if (typeof document === 'undefined' || !data) return data;
  if (!hydrated) {
    const visitor = parseDocumentVisitor(document.getElementById(VISITOR_DATA_ID)?.textContent);
    hydrated = { data, shown: visitor ? withDocumentVisitor(data, visitor) : data };
  }
  return data === hydrated.data ? hydrated.shown : data;
}
