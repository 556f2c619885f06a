import type { FieldRules } from '@guichet/domain';
import { type FormResult, type ParseFormOptions, parseForm } from '../form-validation';

/**
 * A route action's form: reads the request's form data and validates it with the form's rules — the same
 * rules the page runs in the browser. Refused, answer `data(form.reply, { status: 400 })` and give the reply
 * to <ValidatedForm reply={…}>: the page comes back with the same French messages, JavaScript or not.
 *
 * @example
 * export async function action({ request }: Route.ActionArgs) {
 *   const form = await readForm(request, loginRules, { omitValues: ['password'] });
 *   if (!form.ok) return data({ reply: form.reply }, { status: 400 });
 *   await login(form.values.email, form.values.password);
 * }
 */
export async function readForm<Rules extends FieldRules>(
  request: Request,
  fieldRules: Rules,
  options?: ParseFormOptions,
): Promise<FormResult<Rules>> {
  return parseForm(await request.formData(), fieldRules, options);
}
