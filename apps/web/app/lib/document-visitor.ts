/**
 * The visitor a page's header shows (their firstname, their cart), written into the page as data beside the
 * header's visitor part (shell/visitor-links.tsx). A public page may come from a copy shared by
 * every visitor, whose loader data is the anonymous visitor's: the page hydrates with the visitor written in
 * the document instead, until the root loader answers again (docs/decisions/0050).
 */
export type DocumentVisitor = {
  user: { id: number; firstname: string } | null;
  cartCount: number;
  cartFromAccount: number[];
};

export const VISITOR_DATA_ID = 'guichet-visiteur';

export const NOBODY: DocumentVisitor = { user: null, cartCount: 0, cartFromAccount: [] };

/** As JSON safe inside a `<script>` element (no `<` that could close it). */
export function visitorJson({ user, cartCount, cartFromAccount }: DocumentVisitor): string {
  const shown = { user: user ? { id: user.id, firstname: user.firstname } : null, cartCount, cartFromAccount };
  return JSON.stringify(shown).replace(/</g, '\\u003c');
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** The visitor written in a document's data block, or null when there is none or it does not read. */
export function parseDocumentVisitor(text: string | null | undefined): DocumentVisitor | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<DocumentVisitor> | null;
    const user = value?.user;
    const userOk = user === null || (isCount(user?.id) && typeof user?.firstname === 'string');
    const idsOk = Array.isArray(value?.cartFromAccount) && value.cartFromAccount.every(isCount);
    if (!value || !userOk || !isCount(value.cartCount) || !idsOk) return null;
    return { user: user ?? null, cartCount: value.cartCount, cartFromAccount: value.cartFromAccount ?? [] };
  } catch {
    return null;
  }
}
