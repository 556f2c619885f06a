/**
 * French full-text search, shared by the deals search, the site-wide search and their suggestions
 * (docs/decisions/0021). Typed text becomes words; the words become a `tsquery` of the `french` configuration
 * without accents (the documents are indexed the same way: schema.ts `searchDocument`), the last word as a
 * prefix; when that finds nothing, each word is matched to the closest word of the site (`search_word`, by
 * trigram similarity) and the search runs again with those.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';

/** Words considered in a typed text: a 2,000-character paste is searched by its first words. */
export const MAX_SEARCH_WORDS = 8;
/** Longer runs of letters are cut: no word of the site is longer. */
const MAX_WORD_LENGTH = 40;
/** A typo is corrected only for words of at least this many letters. */
const MIN_CORRECTED_LENGTH = 3;

export type TextSearch = {
  /** The words as typed (letters and digits, accents kept), at most MAX_SEARCH_WORDS. */
  words: string[];
  /** The last word is matched as a prefix (« spa rel » finds « Spa relaxant »), as a search box is typed. */
  prefix: boolean;
  /** Only the words of the title (weight A): what a search box suggests. */
  titleOnly?: boolean;
};

/**
 * The words of a typed text: runs of letters and digits, so that quotes, `&|!:*()`, emoji and SQL fragments
 * are separators, never operators. Null when there is nothing to search.
 */
export function textSearchOf(typed: string | undefined): TextSearch | null {
  if (!typed) return null;
  const words = (typed.normalize('NFC').match(/[\p{L}\p{Nd}]+/gu) ?? [])
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
  return words.length === 0 ? null : { words, prefix: true };
}

const LIGATURES: Readonly<Record<string, string>> = { œ: 'oe', Œ: 'OE', æ: 'ae', Æ: 'AE', ß: 'ss' };

/**
 * A word without its accents, as `unaccent` writes the documents (« Théâtre » → « Theatre », « œuvre » →
 * « oeuvre »). Done here rather than in SQL: unaccent turns some characters into several (« ⅛ » into
 * « 1/8 »), which would be tsquery syntax; what is left here is letters and digits only.
 */
export function withoutAccents(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[œŒæÆß]/g, (ligature) => LIGATURES[ligature] ?? ligature)
    .replace(/[^\p{L}\p{Nd}]/gu, '');
}

/**
 * The `tsquery` text of a search: words joined by AND, the last with `:*`. Words are letters and digits
 * only, so the text cannot hold tsquery syntax.
 */
function tsqueryText({ words, prefix, titleOnly }: TextSearch): string {
  const weight = titleOnly ? 'A' : '';
  return words
    .map(withoutAccents)
    .filter((word) => word.length > 0)
    .map((word, index, all) =>
      prefix && index === all.length - 1 ? `${word}:*${weight}` : weight ? `${word}:${weight}` : word,
    )
    .join(' & ');
}

/** The search as a SQL `tsquery` of the french configuration, accents removed like the documents'. */
export function tsquerySql(search: TextSearch): SQL {
  return sql`to_tsquery('french', ${tsqueryText(search)})`;
}

/** Rows whose search document matches (through the GIN index on `search_vector`). */
export function matchesSql(searchVector: SQL, search: TextSearch): SQL {
  return sql`${searchVector} @@ ${tsquerySql(search)}`;
}

/** Relevance: title words (weight A) count more than the rest (B, C, D). */
export function rankSql(searchVector: SQL, search: TextSearch): SQL<number> {
  return sql<number>`ts_rank(${searchVector}, ${tsquerySql(search)})`;
}

export type Correction = {
  /** The search with each word replaced by the closest word of the site, or null when none was found. */
  corrected: TextSearch | null;
  /** Close spellings of the text, the closest first, then its corrected words alone (« Vouliez-vous dire… »). */
  alternatives: string[];
};

/**
 * The closest words of the site to each typed word (trigram similarity over `search_word`, through its
 * GIN index; pg_trgm's default threshold 0.3 lets « thaetre » find « théâtre »). A word the site
 * already has is kept as typed.
 */
export async function correctTypos(db: Database, search: TextSearch): Promise<Correction> {
  const rows = await rowsOf<{ position: number; display: string; exact: boolean; same_start: boolean }>(
    db,
    sql`SELECT typed.position::int AS position, close.display, close.exact, close.same_start
      FROM jsonb_array_elements_text(${JSON.stringify(search.words)}::jsonb) WITH ORDINALITY AS typed(word, position)
      CROSS JOIN LATERAL (SELECT immutable_unaccent(lower(typed.word)) AS key) AS typed_key
      CROSS JOIN LATERAL (
        SELECT w.display, w.word = typed_key.key AS exact, left(w.word, 1) = left(typed_key.key, 1) AS same_start
        FROM search_word w
        WHERE char_length(typed_key.key) >= ${MIN_CORRECTED_LENGTH} AND w.word % typed_key.key
          -- A stop word (« être », « dans ») would search nothing: never a correction.
          AND numnode(plainto_tsquery('french', w.display)) > 0
        -- Typos seldom touch the first letter: words that keep it come first.
        ORDER BY exact DESC, same_start DESC,
          similarity(w.word, typed_key.key) DESC, w.word
        LIMIT 3
      ) AS close
      ORDER BY typed.position, close.exact DESC`,
  );
  const byPosition = new Map<number, { exact: boolean; displays: string[]; sameStart: string[] }>();
  for (const row of rows) {
    const entry = byPosition.get(Number(row.position)) ?? { exact: false, displays: [], sameStart: [] };
    if (row.exact) entry.exact = true;
    else {
      entry.displays.push(row.display);
      if (row.same_start) entry.sameStart.push(row.display);
    }
    byPosition.set(Number(row.position), entry);
  }
  // A word the site has as typed needs no correction.
  const closestTo = (index: number): string[] => {
    const entry = byPosition.get(index + 1);
    return !entry || entry.exact ? [] : entry.displays;
  };
  const corrected = search.words.map((word, index) => closestTo(index)[0] ?? word);
  const firstCorrected = search.words.findIndex((_, index) => closestTo(index).length > 0);
  if (firstCorrected < 0) return { corrected: null, alternatives: [] };
  // The closest spellings of the first corrected word, the others corrected as best.
  // Then each corrected word alone: « thaetre paris » may find nothing where « théâtre » does.
  const alternatives = [
    // Other spellings only when they keep the first letter: « être » is no spelling of « thaetre ».
    ...(byPosition.get(firstCorrected + 1)?.sameStart ?? []).map((choice) =>
      corrected.map((word, index) => (index === firstCorrected ? choice : word)).join(' '),
    ),
    ...(search.words.length > 1 ? corrected.filter((_, index) => closestTo(index).length > 0) : []),
  ].filter((alternative, index, all) => all.indexOf(alternative) === index);
  const lastKept = closestTo(search.words.length - 1).length === 0;
  return { corrected: { words: corrected, prefix: search.prefix && lastKept }, alternatives };
}

/**
 * The suggestions of a search box: what `find` gives for the words as typed or, when that is nothing, for the
 * site's closest words. No words, no suggestion.
 */
export async function suggestForgivingTypos<T>(
  db: Database,
  typed: string | undefined,
  find: (text: TextSearch) => Promise<T[]>,
): Promise<T[]> {
  const text = textSearchOf(typed);
  if (!text) return [];
  const found = await find(text);
  if (found.length > 0) return found;
  const { corrected } = await correctTypos(db, text);
  return corrected ? find(corrected) : [];
}
