import { VISUAL_UPLOAD_LIMITS } from '@guichet/domain';
import { buttonClass } from '@guichet/ui/button';

/**
 * The form sending one visual (a ticketing's, Le Mag's cover) to `action`: a plain multipart <form> (works
 * without JavaScript), its file (JPEG, PNG or WebP) and its alternative text. The action streams it on to the
 * API, which checks the content.
 */
export function VisualUploadForm({
  action,
  idPrefix,
  altMaxLength,
}: {
  action: string;
  idPrefix: string;
  altMaxLength: number;
}) {
  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <div>
        <label htmlFor={`${idPrefix}-file`} className="block font-semibold">
          Image
        </label>
        <p id={`${idPrefix}-file-hint`} className="text-sm text-slate-700">
          JPEG, PNG ou WebP, {VISUAL_UPLOAD_LIMITS.bytes / (1024 * 1024)} Mo au plus.
        </p>
        <input
          id={`${idPrefix}-file`}
          name="file"
          type="file"
          required
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={`${idPrefix}-file-hint`}
          className="mt-1.5 block w-full"
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-alt`} className="block font-semibold">
          Texte alternatif
        </label>
        <p id={`${idPrefix}-alt-hint`} className="text-sm text-slate-700">
          Ce que montre l’image.
        </p>
        <input
          id={`${idPrefix}-alt`}
          name="alt"
          maxLength={altMaxLength}
          aria-describedby={`${idPrefix}-alt-hint`}
          className="mt-1.5 block min-h-11 w-full rounded-lg border border-slate-400 px-3"
        />
      </div>
      <button type="submit" className={buttonClass('secondary')}>
        Envoyer l’image
      </button>
    </form>
  );
}
