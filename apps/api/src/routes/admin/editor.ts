/**
 * The administrator of a back-office request, set by the guard (routes/admin/index.ts) before the handler runs.
 * A module of its own: the area route modules read it, and index.ts registers them (no import cycle).
 */
import type { FastifyRequest } from 'fastify';
import type { Editor } from '../../services/admin/audit.js';

const editors = new WeakMap<FastifyRequest, Editor>();

export function setEditor(request: FastifyRequest, editor: Editor): void {
  editors.set(request, editor);
}

/** The administrator of a back-office request (set by the guard before the handler runs). */
export function editorOf(request: FastifyRequest): Editor {
  const editor = editors.get(request);
  if (!editor) throw new Error('editorOf outside the back office');
  return editor;
}
