import { HEADING_LEVELS, LINK_REL, LINK_TARGET, RICH_TEXT_CLASSES } from '../constants.js';
import { cleanHref, isAllowedHref, isSitePath } from './links.js';

/**
 * Stored rich text: a Tiptap (ProseMirror) JSON document limited to the spec's schema — blocks paragraph
 * and heading (levels 1 to 4), text and line breaks, marks bold, italic, underline and link.
 */
export type HeadingLevel = (typeof HEADING_LEVELS)[number];

export type RichTextLinkAttrs = {
  href: string;
  target: typeof LINK_TARGET;
  rel: typeof LINK_REL;
  class: typeof RICH_TEXT_CLASSES.link;
};

export type RichTextMark =
  | { type: 'bold' }
  | { type: 'italic' }
  | { type: 'underline' }
  | { type: 'link'; attrs: RichTextLinkAttrs };

export type RichTextText = { type: 'text'; text: string; marks?: RichTextMark[] };
export type RichTextHardBreak = { type: 'hardBreak' };
export type RichTextInline = RichTextText | RichTextHardBreak;

export type RichTextParagraph = { type: 'paragraph'; content?: RichTextInline[] };
export type RichTextHeading = { type: 'heading'; attrs: { level: HeadingLevel }; content?: RichTextInline[] };
export type RichTextBlock = RichTextParagraph | RichTextHeading;

export type RichTextDocument = { type: 'doc'; content: RichTextBlock[] };

export const RICH_TEXT_NODE_TYPES = ['doc', 'paragraph', 'heading', 'text', 'hardBreak'] as const;
/** Marks in the order they nest when rendered, outermost first. */
export const RICH_TEXT_MARK_TYPES = ['link', 'bold', 'italic', 'underline'] as const;

/**
 * What a document may hold beyond the spec's schema. `sitePaths`: links to the site's own pages stored as
 * paths ('/billetterie/x-12'): Le Mag's articles only (docs/decisions/0070) — elsewhere (ticketings,
 * e-mails) a relative link would mean something else, and is unlinked.
 */
export type RichTextOptions = { sitePaths?: boolean };

export function emptyRichText(): RichTextDocument {
  return { type: 'doc', content: [] };
}

/** A property of untrusted input; undefined when the input is no object or the read throws (getters, proxies). */
function read(input: unknown, key: string): unknown {
  if (typeof input !== 'object' || input === null) return undefined;
  try {
    return (input as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

function arrayOf(input: unknown): unknown[] {
  try {
    return Array.isArray(input) ? Array.from(input as unknown[]) : [];
  } catch {
    return [];
  }
}

/** The link attributes stored: the href, and the spec's fixed target, rel and class (stored values ignored). */
export function linkAttrs(href: string): RichTextLinkAttrs {
  return { href: cleanHref(href), target: LINK_TARGET, rel: LINK_REL, class: RICH_TEXT_CLASSES.link };
}

function sanitizeMarks(input: unknown, options: RichTextOptions): RichTextMark[] {
  const found = new Map<RichTextMark['type'], RichTextMark>();
  for (const mark of arrayOf(input)) {
    const type = read(mark, 'type');
    if (type === 'bold' || type === 'italic' || type === 'underline') {
      found.set(type, { type });
    } else if (type === 'link') {
      const href = read(read(mark, 'attrs'), 'href');
      // A link to a refused scheme keeps its text and loses the link.
      if (isAllowedHref(href) || (options.sitePaths === true && isSitePath(href)))
        found.set('link', { type: 'link', attrs: linkAttrs(href) });
    }
  }
  return RICH_TEXT_MARK_TYPES.flatMap((type) => found.get(type) ?? []);
}

function sanitizeInlines(input: unknown, options: RichTextOptions): RichTextInline[] {
  const inlines: RichTextInline[] = [];
  for (const node of arrayOf(input)) {
    const type = read(node, 'type');
    if (type === 'text') {
      const text = read(node, 'text');
      if (typeof text !== 'string' || text === '') continue;
      const marks = sanitizeMarks(read(node, 'marks'), options);
      inlines.push(marks.length > 0 ? { type: 'text', text, marks } : { type: 'text', text });
    } else if (type === 'hardBreak') {
      inlines.push({ type: 'hardBreak' });
    }
  }
  return inlines;
}

/**
 * A heading's level within 1–4: deeper levels become 4 (still a heading, the smallest the site shows);
 * a missing or unreadable level (0, -1, 'deux', 2.5) makes the block a paragraph.
 */
export function headingLevel(input: unknown): HeadingLevel | null {
  const level = typeof input === 'string' && /^\d+$/.test(input) ? Number(input) : input;
  if (typeof level !== 'number' || !Number.isInteger(level) || level < 1) return null;
  return Math.min(level, HEADING_LEVELS[HEADING_LEVELS.length - 1] ?? 4) as HeadingLevel;
}

function sanitizeBlock(input: unknown, options: RichTextOptions): RichTextBlock | null {
  const type = read(input, 'type');
  if (type !== 'paragraph' && type !== 'heading') return null;
  const content = sanitizeInlines(read(input, 'content'), options);
  const withContent = content.length > 0 ? { content } : {};
  const level = type === 'heading' ? headingLevel(read(read(input, 'attrs'), 'level')) : null;
  if (level === null) return { type: 'paragraph', ...withContent };
  return { type: 'heading', attrs: { level }, ...withContent };
}

/**
 * The document reduced to the spec's schema: unknown nodes (image, codeBlock, lists…) are dropped with
 * their content, unknown marks and attributes dropped, links to refused schemes unlinked, heading levels
 * brought within 1–4. Never throws: anything unreadable becomes an empty document.
 */
export function sanitizeRichText(input: unknown, options: RichTextOptions = {}): RichTextDocument {
  if (read(input, 'type') !== 'doc') return emptyRichText();
  const content: RichTextBlock[] = [];
  for (const block of arrayOf(read(input, 'content'))) {
    const clean = sanitizeBlock(block, options);
    if (clean) content.push(clean);
  }
  return { type: 'doc', content };
}

/** Deep equality of JSON-like values, bounded by the depth of `expected` (so a cyclic `actual` ends). */
function sameJson(actual: unknown, expected: unknown): boolean {
  if (typeof expected !== 'object' || expected === null) return Object.is(actual, expected);
  if (typeof actual !== 'object' || actual === null || Array.isArray(actual) !== Array.isArray(expected)) return false;
  const expectedKeys = Object.keys(expected);
  let actualKeys: string[];
  try {
    actualKeys = Object.keys(actual);
  } catch {
    return false;
  }
  if (actualKeys.length !== expectedKeys.length) return false;
  return expectedKeys.every(
    (key) => actualKeys.includes(key) && sameJson(read(actual, key), (expected as Record<string, unknown>)[key]),
  );
}

/**
 * True when the input is already a clean document of the spec's schema — nothing sanitizeRichText would
 * change: the check for an API that refuses (400) rather than silently rewrites what it is sent.
 */
export function isRichTextDocument(input: unknown, options: RichTextOptions = {}): input is RichTextDocument {
  return sameJson(input, sanitizeRichText(input, options));
}

/** The text of a document: blocks separated by a blank line, line breaks kept. */
export function richTextPlainText(input: unknown): string {
  return sanitizeRichText(input)
    .content.map((block) =>
      (block.content ?? []).map((inline) => (inline.type === 'text' ? inline.text : '\n')).join(''),
    )
    .join('\n\n');
}

/** True when the document holds no visible text (only empty paragraphs, spaces or line breaks). */
export function isRichTextEmpty(input: unknown): boolean {
  return richTextPlainText(input).trim() === '';
}

/** Plain text as rich text: paragraphs at blank lines, line breaks within them (the no-JavaScript editor). */
export function richTextFromPlainText(text: string): RichTextDocument {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  return {
    type: 'doc',
    content: paragraphs.map((paragraph) => ({
      type: 'paragraph',
      content: paragraph.split('\n').flatMap((line, index): RichTextInline[] => {
        const text: RichTextInline[] = line === '' ? [] : [{ type: 'text', text: line }];
        return index === 0 ? text : [{ type: 'hardBreak' }, ...text];
      }),
    })),
  };
}

/**
 * A submitted rich-text field: the editor's JSON when JavaScript ran, the fallback textarea's plain text
 * otherwise. Always a sanitised document.
 */
export function parseRichTextField(value: unknown): RichTextDocument {
  if (typeof value !== 'string') return sanitizeRichText(value);
  const text = value.trim();
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (read(parsed, 'type') === 'doc') return sanitizeRichText(parsed);
    } catch {
      // Plain text that happens to start with a brace.
    }
  }
  return richTextFromPlainText(value);
}
