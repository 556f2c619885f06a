/**
 * The redirect form's rules, declared once in the domain (REDIRECT_FIELDS): the browser runs them as you type,
 * the action before it calls the API, the API's schema again — one French message for one mistake, everywhere.
 */
import { REDIRECT_KIND_LABELS, REDIRECT_KIND_VALUES } from '@guichet/contracts';
import { REDIRECT_FIELDS, rule } from '@guichet/domain';
import { adminPath } from '../admin-paths';

export const redirectRules = {
  source: REDIRECT_FIELDS.source.rules,
  target: REDIRECT_FIELDS.target.rules,
  kind: [rule.required()],
};

export const REDIRECT_KIND_OPTIONS = REDIRECT_KIND_VALUES.map((value) => ({
  value,
  label: REDIRECT_KIND_LABELS[value],
}));

export const redirectsPath = (rest = '') => `${adminPath('redirections')}${rest}`;
