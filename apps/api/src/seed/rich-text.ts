/**
 * Builders of Tiptap/ProseMirror JSON documents, the stored form of every rich text of Guichet.
 * Blocks: paragraph and heading (levels 1 to 4). Marks: bold, italic, underline and link.
 *
 * `richText()` also accepts a tiny inline markup so that the demo texts stay readable:
 * `**gras**`, `*italique*`, `__souligné__` and `[libellé](https://…)` (or a site path, `(/agenda)`); a block starting with
 * `## ` or `### ` is a heading of that level.
 */
import type { RichTextDocument } from '@guichet/contracts';

export type Mark =
  | { type: 'bold' }
  | { type: 'italic' }
  | { type: 'underline' }
  | { type: 'link'; attrs: { href: string; target: '_blank'; rel: string; class: 'link' } };

export type TextNode = { type: 'text'; text: string; marks?: Mark[] };
export type ParagraphNode = { type: 'paragraph'; content?: TextNode[] };
export type HeadingNode = { type: 'heading'; attrs: { level: 1 | 2 | 3 | 4 }; content?: TextNode[] };
export type BlockNode = ParagraphNode | HeadingNode;

export const bold: Mark = { type: 'bold' };
export const italic: Mark = { type: 'italic' };
export const underline: Mark = { type: 'underline' };

export function linkMark(href: string): Mark {
  return { type: 'link', attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow', class: 'link' } };
}

export function text(value: string, ...marks: Mark[]): TextNode {
  if (value === '') throw new Error('Un nœud texte ProseMirror ne peut pas être vide.');
  return marks.length > 0 ? { type: 'text', text: value, marks } : { type: 'text', text: value };
}

type Inline = string | TextNode;

const toNodes = (parts: Inline[]): TextNode[] =>
  parts.flatMap((part) => (typeof part === 'string' ? inline(part) : [part]));

export function paragraph(...parts: Inline[]): ParagraphNode {
  const content = toNodes(parts);
  return content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' };
}

export function heading(level: 1 | 2 | 3 | 4, ...parts: Inline[]): HeadingNode {
  return { type: 'heading', attrs: { level }, content: toNodes(parts) };
}

export function doc(...blocks: BlockNode[]): RichTextDocument {
  return { type: 'doc', content: blocks };
}

// A link's target: an absolute address, mailto:, or a site path ('/billetterie/…', Le Mag's internal links).
const INLINE = /\*\*(.+?)\*\*|__(.+?)__|\*(.+?)\*|\[(.+?)\]\((https?:\/\/[^\s)]+|mailto:[^\s)]+|\/[^\s)/][^\s)]*)\)/g;

/** Parses the inline markup of one block into text nodes. */
export function inline(source: string): TextNode[] {
  const nodes: TextNode[] = [];
  let last = 0;
  for (const match of source.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push(text(source.slice(last, index)));
    const [, strong, under, emphasis, label, href] = match;
    if (strong !== undefined) nodes.push(text(strong, bold));
    else if (under !== undefined) nodes.push(text(under, underline));
    else if (emphasis !== undefined) nodes.push(text(emphasis, italic));
    else if (label !== undefined && href !== undefined) nodes.push(text(label, linkMark(href)));
    last = index + match[0].length;
  }
  if (last < source.length) nodes.push(text(source.slice(last)));
  return nodes;
}

/** One block from its markup: `## Titre`, `### Sous-titre` or a paragraph. */
export function block(source: string): BlockNode {
  const headingMatch = /^(#{1,4}) (.+)$/.exec(source);
  if (headingMatch?.[1] && headingMatch[2]) {
    return heading(headingMatch[1].length as 1 | 2 | 3 | 4, headingMatch[2]);
  }
  return paragraph(source);
}

/** A whole document from block markups. */
export function richText(blocks: readonly string[]): RichTextDocument {
  return doc(...blocks.map(block));
}
