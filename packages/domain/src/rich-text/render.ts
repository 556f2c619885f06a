import { LINK_REL, LINK_TARGET, RICH_TEXT_CLASSES } from '../constants.js';
import {
  type RichTextBlock,
  type RichTextInline,
  type RichTextMark,
  type RichTextOptions,
  sanitizeRichText,
} from './document.js';
import { isSitePath } from './links.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values are escaped alike: nothing in them can open a tag or close an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function hasMark(node: RichTextInline, type: RichTextMark['type']): boolean {
  return node.type === 'text' && (node.marks ?? []).some((mark) => mark.type === type);
}

function linkOf(node: RichTextInline): string | null {
  if (node.type !== 'text') return null;
  const link = (node.marks ?? []).find((mark) => mark.type === 'link');
  return link?.type === 'link' ? link.attrs.href : null;
}

function renderInline(node: RichTextInline): string {
  if (node.type === 'hardBreak') return '<br>';
  let html = escapeHtml(node.text);
  if (hasMark(node, 'underline')) html = `<u class="${RICH_TEXT_CLASSES.underline}">${html}</u>`;
  if (hasMark(node, 'italic')) html = `<em class="${RICH_TEXT_CLASSES.italic}">${html}</em>`;
  if (hasMark(node, 'bold')) html = `<strong class="${RICH_TEXT_CLASSES.bold}">${html}</strong>`;
  return html;
}

/** Consecutive pieces of one link become one <a>, so « Réservez **vite** » linked is one link, not two. */
function renderInlines(nodes: readonly RichTextInline[]): string {
  let html = '';
  let index = 0;
  while (index < nodes.length) {
    const href = linkOf(nodes[index] as RichTextInline);
    let end = index + 1;
    while (href !== null && end < nodes.length && linkOf(nodes[end] as RichTextInline) === href) end += 1;
    const inner = nodes.slice(index, end).map(renderInline).join('');
    // A page of the site itself (a path: Le Mag's internal links) opens in the same tab; any other, a new one.
    const opens = href !== null && isSitePath(href) ? '' : ` target="${LINK_TARGET}" rel="${LINK_REL}"`;
    html +=
      href === null ? inner : `<a class="${RICH_TEXT_CLASSES.link}" href="${escapeHtml(href)}"${opens}>${inner}</a>`;
    index = end;
  }
  return html;
}

function renderBlock(block: RichTextBlock): string {
  const inner = renderInlines(block.content ?? []);
  if (block.type === 'heading') {
    const level = block.attrs.level;
    return `<h${level} class="${RICH_TEXT_CLASSES.heading(level)}">${inner}</h${level}>`;
  }
  return `<p class="${RICH_TEXT_CLASSES.paragraph}">${inner}</p>`;
}

/**
 * HTML for a stored rich-text document — the one trusted path from stored content to markup. Input is
 * sanitised first (see sanitizeRichText): only the allow-listed nodes, marks and link schemes reach the
 * output, every text and attribute is escaped, and nothing the input holds can make this throw. With
 * `sitePaths` (Le Mag), links to the site's own paths are kept and open in the same tab.
 */
export function renderRichText(input: unknown, options: RichTextOptions = {}): string {
  try {
    return sanitizeRichText(input, options).content.map(renderBlock).join('');
  } catch {
    return '';
  }
}
