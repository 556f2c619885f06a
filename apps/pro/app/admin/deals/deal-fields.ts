/**
 * The back office's deal forms (issue 27): flat HTML fields (what a <form> without JavaScript posts) turned
 * into the contracts' bodies (PartnerBody, CreateOfferBody, OfferProductBody — the API's own schemas, which
 * the actions run first, so the same French messages show before and after the round trip), and a saved
 * partner, offer or product turned back into the fields' values.
 */
import type { AdminOffer, AdminOfferProduct, AdminPartner } from '@guichet/contracts';
import { eurosOfCents, parseRichTextField } from '@guichet/domain';
import {
  submittedValues as all,
  type FormErrors,
  submittedValue as one,
  type SubmittedValues,
} from '@guichet/ui/form-validation';
import { adminPath } from '../admin-paths';

export const dealsPath = (...parts: (string | number)[]) => adminPath(['bons-plans', ...parts].join('/'));
export const partnersPath = (...parts: (string | number)[]) => adminPath(['partenaires', ...parts].join('/'));

/** One value of a field (the last, when a name is sent twice). */

/** A whole number as typed, or the text itself (the schema then says it is not a number). */
const wholeOrText = (value: string): number | string => (/^\s*-?\d{1,12}\s*$/.test(value) ? Number(value) : value);

/** Each field's first message, from the schema's issues or the API's `issues` (the first segment names the field). */
export function errorsOfIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String)[0] ?? '';
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

export function partnerBodyOf(values: SubmittedValues) {
  const organizerId = one(values, 'organizerId').trim();
  return {
    name: one(values, 'name'),
    address: one(values, 'address'),
    city: one(values, 'city'),
    contactName: one(values, 'contactName'),
    contactEmail: one(values, 'contactEmail'),
    contactPhone: one(values, 'contactPhone'),
    organizerId: organizerId === '' ? null : wholeOrText(organizerId),
  };
}

export const valuesOfPartner = (partner: AdminPartner): SubmittedValues => ({
  name: partner.name,
  address: partner.address,
  city: partner.city,
  contactName: partner.contactName,
  contactEmail: partner.contactEmail,
  contactPhone: partner.contactPhone,
  organizerId: partner.organizerId === null ? '' : String(partner.organizerId),
});

export function offerBodyOf(values: SubmittedValues) {
  const updatedAt = one(values, 'updatedAt');
  const urls = all(values, 'visualUrl');
  const alts = all(values, 'visualAlt');
  const kept = all(values, 'visualKeep');
  return {
    title: one(values, 'title'),
    summary: one(values, 'summary'),
    description: parseRichTextField(one(values, 'description')),
    terms: parseRichTextField(one(values, 'terms')),
    category: one(values, 'category'),
    city: one(values, 'city'),
    partnerId: wholeOrText(one(values, 'partnerId')),
    validFrom: one(values, 'validFrom'),
    validUntil: one(values, 'validUntil'),
    featured: one(values, 'featured') !== '',
    ...(updatedAt ? { updatedAt } : {}),
    // A saved offer's visuals: those still ticked, with their alternative texts, in their order.
    ...(updatedAt
      ? {
          visuals: urls
            .map((url, index) => ({ url, alt: alts[index] ?? '' }))
            .filter((visual) => kept.includes(visual.url)),
        }
      : {}),
  };
}

export const valuesOfOffer = (offer: AdminOffer): SubmittedValues => ({
  title: offer.title,
  summary: offer.summary,
  description: JSON.stringify(offer.description),
  terms: JSON.stringify(offer.terms),
  category: offer.category,
  city: offer.city,
  partnerId: offer.partnerId === null ? '' : String(offer.partnerId),
  validFrom: offer.validFrom,
  validUntil: offer.validUntil,
  featured: offer.featured ? 'on' : '',
  updatedAt: offer.updatedAt,
  visualUrl: offer.visuals.map((visual) => visual.url),
  visualAlt: offer.visuals.map((visual) => visual.alt),
});

export function productBodyOf(values: SubmittedValues) {
  return {
    updatedAt: one(values, 'updatedAt'),
    title: one(values, 'title'),
    price: one(values, 'price'),
    discountType: one(values, 'discountType'),
    discount: one(values, 'discount'),
    stock: wholeOrText(one(values, 'stock')),
    quota: wholeOrText(one(values, 'quota')),
    vatRate: wholeOrText(one(values, 'vatRate')),
  };
}

export const valuesOfProduct = (product: AdminOfferProduct): SubmittedValues => ({
  title: product.title,
  price: eurosOfCents(product.price),
  discountType: product.discountType ?? 'PERCENTAGE',
  discount: product.discountType === 'FIXED' ? eurosOfCents(product.discount) : String(product.discount),
  stock: String(product.stock),
  quota: String(product.quota),
  vatRate: String(product.vatRate),
});

export { one };
