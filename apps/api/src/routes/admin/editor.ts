/**
 * The administrator of a back-office request, set by the guard (routes/admin/index.ts) before the handler runs.
 * A module of its own: the area plugins read it, and index.ts (which registers them) sets it — importing it
 * from index.ts would make an import cycle.
 */
import type { FastifyRequest } from 'fastify';
import type { Editor } from '../../services/admin/audit.js';

const editors = new WeakMap<FastifyRequest, Editor>();

/** Called by the guard once the caller is known to be an administrator. */
export function setEditor(request: FastifyRequest, editor: Editor): void {
  editors.set(request, editor);
}

/** The administrator of a back-office request (set by the guard before the handler runs). */
export function editorOf(request: FastifyRequest): Editor {
  const editor = editors.get(request);
  if (!editor) throw new Error('editorOf outside the back office');
  return editor;
}
