import type { CatalogueChoice } from '@guichet/contracts';
import { ARTICLE_CATEGORIES, ARTICLE_LIMITS } from '@guichet/domain';
import { Button } from '@guichet/ui/button';
import { CheckboxField, RichTextField, SelectField, TextField, ValidatedForm } from '@guichet/ui/form';
import type { FormReply, SubmittedValues } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { all, choicesOf, one } from './article-fields';

const NO_RULES = {};

export type CatalogueResults = { q: string; ticketings: CatalogueChoice[]; offers: CatalogueChoice[] };

/**
 * The cards of one kind: those chosen (checked), then the search's results not chosen yet (unchecked) — plain
 * checkboxes, so choosing works without JavaScript. Each shown choice carries its label in a hidden field,
 * so a search (which re-submits the form) keeps the names of those already chosen.
 */
function Choices({
  name,
  legend,
  chosen,
  found,
}: {
  name: 'ticketingIds' | 'offerIds';
  legend: string;
  chosen: CatalogueChoice[];
  found: CatalogueChoice[];
}) {
  const chosenIds = new Set(chosen.map((choice) => choice.id));
  const shown = [...chosen, ...found.filter((choice) => !chosenIds.has(choice.id))];
  return (
    <fieldset className="space-y-2 rounded-xl border border-slate-300 p-4">
      <legend className="px-1 font-semibold">{legend}</legend>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-700">Aucune pour l’instant : cherchez ci-dessus.</p>
      ) : null}
      {shown.map((choice) => (
        <div key={choice.id}>
          <input type="hidden" name={`${name}Choices`} value={JSON.stringify(choice)} />
          <CheckboxField
            name={name}
            value={String(choice.id)}
            label={`${choice.title} — ${choice.detail}`}
            defaultChecked={chosenIds.has(choice.id)}
          />
        </div>
      ))}
    </fieldset>
  );
}

/**
 * An article's form: a real <form method="post"> (works without JavaScript; the action validates with the
 * API's own schema and sends back the messages and what was typed). « Chercher » re-submits it with
 * intent=search: the page comes back with what was typed and the catalogue's matches to tick.
 */
export function ArticleForm({
  values,
  reply,
  results,
  submitLabel,
}: {
  values: SubmittedValues;
  reply?: FormReply | null;
  results: CatalogueResults | null;
  submitLabel: string;
}) {
  const submitting = useSubmitting('save');
  const searching = useSubmitting('search');
  const chosenOf = (name: 'ticketingIds' | 'offerIds') => {
    const ticked = new Set(all(values, name));
    return choicesOf(values, `${name}Choices`).filter((choice) => ticked.has(String(choice.id)));
  };
  return (
    <ValidatedForm rules={NO_RULES} reply={reply} className="space-y-6">
      <TextField
        name="title"
        label="Titre"
        required
        maxLength={ARTICLE_LIMITS.title}
        defaultValue={one(values, 'title')}
      />
      <TextField
        name="slug"
        label="Adresse (/magazine/…)"
        hint="Lettres minuscules, chiffres et tirets ; vide : tirée du titre. Changer l’adresse d’un article publié redirige l’ancienne."
        maxLength={ARTICLE_LIMITS.slug}
        defaultValue={one(values, 'slug')}
      />
      <TextField
        name="summary"
        label="Résumé"
        hint={`Montré sur les cartes du Mag (${ARTICLE_LIMITS.summary} caractères au plus).`}
        required
        maxLength={ARTICLE_LIMITS.summary}
        defaultValue={one(values, 'summary')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="author"
          label="Auteur"
          required
          maxLength={ARTICLE_LIMITS.author}
          defaultValue={one(values, 'author')}
        />
        <SelectField
          name="category"
          label="Catégorie"
          required
          placeholder="Choisissez…"
          defaultValue={one(values, 'category')}
          options={ARTICLE_CATEGORIES.map((category) => ({ value: category, label: category }))}
        />
      </div>
      <RichTextField
        name="body"
        label="Texte"
        hint="Titres (niveaux 1 à 4), gras, italique, souligné et liens. Un lien vers une page du site s’ouvre dans le même onglet."
        defaultValue={one(values, 'body')}
      />

      <section aria-labelledby="cards-title" className="space-y-4">
        <h2 id="cards-title" className="text-lg font-semibold">
          Billetteries et bons plans montrés en cartes
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1">
            <TextField
              name="q"
              type="text"
              label="Chercher dans le catalogue"
              hint="Un mot du titre ; cochez ensuite ce que l’article doit montrer."
              maxLength={100}
              defaultValue={results?.q ?? ''}
            />
          </div>
          <Button type="submit" name="intent" value="search" variant="secondary" loading={searching}>
            Chercher
          </Button>
        </div>
        <Choices
          name="ticketingIds"
          legend="Billetteries"
          chosen={chosenOf('ticketingIds')}
          found={results?.ticketings ?? []}
        />
        <Choices name="offerIds" legend="Bons plans" chosen={chosenOf('offerIds')} found={results?.offers ?? []} />
      </section>

      <fieldset className="space-y-4 rounded-xl border border-slate-300 p-4">
        <legend className="px-1 font-semibold">Référencement</legend>
        <TextField
          name="seoTitle"
          label="Titre pour les moteurs de recherche"
          hint={`Vide : le titre. ${ARTICLE_LIMITS.seoTitle} caractères au plus.`}
          maxLength={ARTICLE_LIMITS.seoTitle}
          defaultValue={one(values, 'seoTitle')}
        />
        <TextField
          name="seoDescription"
          label="Description pour les moteurs de recherche"
          hint={`Vide : le résumé. ${ARTICLE_LIMITS.seoDescription} caractères au plus.`}
          maxLength={ARTICLE_LIMITS.seoDescription}
          defaultValue={one(values, 'seoDescription')}
        />
      </fieldset>

      <fieldset className="space-y-4 rounded-xl border border-slate-300 p-4">
        <legend className="px-1 font-semibold">Publication</legend>
        <input type="hidden" name="status" value={one(values, 'status') || 'DRAFT'} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="publishedDate"
            type="date"
            label="Date de publication"
            hint="Heure de Paris. Une date future programme l’article."
            defaultValue={one(values, 'publishedDate')}
          />
          <TextField
            name="publishedTime"
            type="time"
            label="Heure de publication"
            defaultValue={one(values, 'publishedTime')}
          />
        </div>
      </fieldset>
      <Button type="submit" name="intent" value="save" loading={submitting}>
        {submitLabel}
      </Button>
    </ValidatedForm>
  );
}
