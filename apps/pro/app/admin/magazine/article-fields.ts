/**
 * Le Mag's article form (back office): its flat field names, the API body they make, and the API's issues
 * turned back into the fields' messages. Works without JavaScript: the rich text comes as the editor's JSON
 * or the fallback textarea's plain text (parseRichTextField), the cards as checkboxes.
 */
import type { ArticleInput, CatalogueChoice } from '@guichet/contracts';
import { parseRichTextField } from '@guichet/domain';
import {
  submittedValues as all,
  submittedValue as one,
  type SubmittedValues,
  valuesFromFormData,
} from '@guichet/ui/form-validation';
import { adminPath } from '../admin-paths';

/** /admin/magazine/{id} */
export const articleAdminPath = (id: number | string) => adminPath(`magazine/${id}`);

const ids = (values: SubmittedValues, name: string) =>
  [...new Set(all(values, name).map((value) => Number.parseInt(value, 10)))].filter(
    (id) => Number.isInteger(id) && id > 0,
  );

/** The labels of the catalogue's choices shown in the form (hidden fields), so a search keeps them. */
export function choicesOf(values: SubmittedValues, name: string): CatalogueChoice[] {
  return all(values, name).flatMap((json) => {
    try {
      const choice = JSON.parse(json) as CatalogueChoice;
      return typeof choice.id === 'number' && typeof choice.title === 'string' ? [choice] : [];
    } catch {
      return [];
    }
  });
}

/** The API's body of a submitted form. */
export function readArticleForm(formData: FormData): { values: SubmittedValues; body: ArticleInput } {
  const values = valuesFromFormData(formData);
  const date = one(values, 'publishedDate');
  const time = one(values, 'publishedTime');
  const body: ArticleInput = {
    title: one(values, 'title'),
    slug: one(values, 'slug'),
    summary: one(values, 'summary'),
    author: one(values, 'author'),
    category: one(values, 'category') as ArticleInput['category'],
    body: parseRichTextField(one(values, 'body')),
    seoTitle: one(values, 'seoTitle'),
    seoDescription: one(values, 'seoDescription'),
    ticketingIds: ids(values, 'ticketingIds'),
    offerIds: ids(values, 'offerIds'),
    status: one(values, 'status') === 'PUBLISHED' ? 'PUBLISHED' : 'DRAFT',
    publishedAt: date || time ? { date, time } : null,
  };
  return { values, body };
}

const FIELD_OF_PATH: Record<string, string> = {
  'publishedAt.date': 'publishedDate',
  'publishedAt.time': 'publishedTime',
  publishedAt: 'publishedDate',
};

/** The API's (or the schema's) issues as the form's messages, the first of each field. */
export function errorsOfIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.filter((part) => typeof part === 'string').join('.');
    const field = FIELD_OF_PATH[path] ?? path.split('.')[0] ?? '';
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

export { all, one };
