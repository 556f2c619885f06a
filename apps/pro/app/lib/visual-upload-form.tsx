import { VISUAL_UPLOAD_LIMITS } from '@guichet/domain';
import { buttonClass } from '@guichet/ui/button';
import { FormAlert } from '@guichet/ui/form-alert';
import { Link } from 'react-router';

/**
 * A visual's upload form (multipart: `file`, `alt`), posted to `action` — a route that streams it on to the API
 * (upload-stream.server.ts). A plain <form>: it works without JavaScript. The ticketings', the deals', the
 * contest games' and Le Mag's pages use it.
 */
export function VisualUploadForm({ action }: { action: string }) {
  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <div>
        <label htmlFor="visual-file" className="block font-semibold">
          Image
        </label>
        <p id="visual-file-hint" className="text-sm text-slate-700">
          JPEG, PNG ou WebP, {VISUAL_UPLOAD_LIMITS.bytes / (1024 * 1024)} Mo au plus.
        </p>
        <input
          id="visual-file"
          name="file"
          type="file"
          required
          accept="image/jpeg,image/png,image/webp"
          aria-describedby="visual-file-hint"
          className="mt-1.5 block w-full"
        />
      </div>
      <div>
        <label htmlFor="visual-alt" className="block font-semibold">
          Texte alternatif
        </label>
        <p id="visual-alt-hint" className="text-sm text-slate-700">
          Ce que montre l’image.
        </p>
        <input
          id="visual-alt"
          name="alt"
          maxLength={250}
          aria-describedby="visual-alt-hint"
          className="mt-1.5 block min-h-11 w-full rounded-lg border border-slate-400 px-3"
        />
      </div>
      <button type="submit" className={buttonClass('secondary')}>
        Envoyer l’image
      </button>
    </form>
  );
}

/** A refused upload's page: the API's message, and the way back (`back`: where, `label`: « Revenir à … »). */
export function UploadRefused({ message, back, label }: { message: string | null; back: string; label: string }) {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Le visuel n’a pas été ajouté</h1>
      {message ? (
        <FormAlert focus className="mt-5">
          {message}
        </FormAlert>
      ) : null}
      <p className="mt-5">
        <Link to={back} className="font-semibold underline">
          {label}
        </Link>{' '}
        pour choisir une autre image.
      </p>
    </>
  );
}
