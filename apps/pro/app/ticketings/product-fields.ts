/**
 * The product form's fields ↔ the contracts' product body (CreateProductBody, the API's own schema): euros as
 * typed (« 12,50 »), the discount as typed, sale opening and closing from `datetime-local` fields read as
 * Paris time.
 */
import type { ProProduct } from '@guichet/contracts';
import { eurosOfCents, parisDate, parisParts } from '@guichet/domain';
import { type SubmittedValues, valuesFromFormData } from '@guichet/ui/form-validation';

const one = (values: SubmittedValues, name: string): string => {
  const value = values[name];
  return (Array.isArray(value) ? value[value.length - 1] : value) ?? '';
};

/** « 2026-12-01T20:30 » as the API's Paris date and hour; empty: none (sales open at publication, close at the event). */
function parisDateTime(value: string) {
  if (!value) return null;
  const [date = '', time = ''] = value.split('T');
  return { date, time: time.slice(0, 5) };
}

/** An instant as a `datetime-local` field shows it, in Paris time. */
function localInputOf(instant: string | null): string {
  if (!instant) return '';
  const { hour, minute } = parisParts(instant);
  return `${parisDate(instant)}T${hour}:${minute}`;
}

/** The values a product form posted, and the body they mean for the API (its schema still to pass). */
export function readProductForm(formData: FormData) {
  const values = valuesFromFormData(formData);
  const integer = (name: string) => {
    const typed = one(values, name).trim();
    // An empty or non-numeric field stays a string, for the schema's « nombre entier » message.
    return /^-?\d{1,9}$/.test(typed) ? Number(typed) : typed;
  };
  const discountType = one(values, 'discountType');
  const body = {
    version: Number(one(values, 'version')),
    title: one(values, 'title'),
    description: one(values, 'description') || null,
    price: one(values, 'price'),
    discountType: discountType === 'FIXED' || discountType === 'PERCENTAGE' ? discountType : null,
    discount: discountType ? one(values, 'discount') : null,
    stock: integer('stock'),
    quota: integer('quota'),
    salesStartAt: parisDateTime(one(values, 'salesStartAt')),
    salesEndAt: parisDateTime(one(values, 'salesEndAt')),
  };
  return { values, body };
}

/** A saved product as its form's fields. */
export function valuesOfProduct(product: ProProduct): SubmittedValues {
  return {
    title: product.title,
    description: product.description ?? '',
    price: eurosOfCents(product.price),
    discountType: product.discountType ?? '',
    discount:
      product.discountType === 'FIXED'
        ? eurosOfCents(product.discount)
        : product.discountType === 'PERCENTAGE'
          ? String(product.discount)
          : '',
    stock: String(product.stock),
    quota: String(product.quota),
    salesStartAt: localInputOf(product.salesStartAt),
    salesEndAt: localInputOf(product.salesEndAt),
  };
}
