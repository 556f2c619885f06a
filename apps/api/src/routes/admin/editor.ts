/**
 * The administrator of a back-office request, set by the guard (./index.ts) before the handler runs. Its own
 * module: the area plugins import it, and index.ts imports them — no cycle.
 */
import type { FastifyRequest } from 'fastify';
import type { Editor } from '../../services/admin/audit.js';

const editors = new WeakMap<FastifyRequest, Editor>();

/** Called by the guard once the administrator is known. */
export function setEditor(request: FastifyRequest, editor: Editor): void {
  editors.set(request, editor);
}

/** The administrator of a back-office request (set by the guard before the handler runs). */
export function editorOf(request: FastifyRequest): Editor {
  const editor = editors.get(request);
  if (!editor) throw new Error('editorOf outside the back office');
  return editor;
}
