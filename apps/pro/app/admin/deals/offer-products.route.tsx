import {
  type AdminOfferProduct,
  createAdminOfferProduct,
  deleteAdminOfferProduct,
  OfferProductBody,
  updateAdminOfferProduct,
} from '@guichet/contracts';
import { formatDiscount, formatPrice, formatVatRate, VAT_RATES } from '@guichet/domain';
import { Button } from '@guichet/ui/button';
import { SelectField, TextField, ValidatedForm } from '@guichet/ui/form';
import { FormAlert, FormSuccess } from '@guichet/ui/form-alert';
import type { FormReply, SubmittedValues } from '@guichet/ui/form-validation';
import { valuesFromFormData } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { data, Form, redirect } from 'react-router';
import type { z } from 'zod';
import { proApiFor } from '../../lib/server/api.server';
import type { Route } from './+types/offer-products.route';
import { dealsPath, errorsOfIssues, one, productBodyOf, valuesOfProduct } from './deal-fields';
import { OfferHeader } from './offer-status';
import { loadOffer, offerIdOf } from './offers.server';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Produits — ${loaderData?.offer.title ?? 'Bon plan'} | Guichet Pro` },
];

const NOTICES: Record<string, string> = {
  ajoute: 'Produit ajouté.',
  enregistre: 'Produit enregistré.',
  supprime: 'Produit supprimé.',
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const offer = await loadOffer(request, context, params);
  return { offer, notice: NOTICES[new URL(request.url).searchParams.get('avis') ?? ''] ?? null };
}

type ActionAnswer = { form: string; reply?: FormReply; alert?: string };

/** Add, save or remove a product: each names the offer's stamp it read, so a change made meanwhile is said. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '');
  const productId = Number(formData.get('productId'));
  const offerId = offerIdOf(params);
  const api = proApiFor(request, context);
  const here = dealsPath(offerId, 'produits');
  const refused = (form: string, answer: { status: number; body: { message: string } }, reply?: FormReply) => {
    if (answer.status === 404 && !reply) throw data(answer.body, { status: 404 });
    return data<ActionAnswer>({ form, reply, alert: answer.body.message }, { status: answer.status });
  };
  if (intent === 'delete') {
    const answer = await api.send(deleteAdminOfferProduct, {
      params: { offerId, productId },
      body: { updatedAt: String(formData.get('updatedAt') ?? '') },
    });
    if (answer.status === 200) throw redirect(`${here}?avis=supprime`);
    return refused(String(productId), answer);
  }
  const form = intent === 'update' ? String(productId) : 'new';
  const values = valuesFromFormData(formData);
  const body = productBodyOf(values);
  const parsed = OfferProductBody.safeParse(body);
  if (!parsed.success) {
    return data<ActionAnswer>(
      { form, reply: { errors: errorsOfIssues(parsed.error.issues), values } },
      { status: 400 },
    );
  }
  // The fields as typed (« 12,50 »): the API reads them with the same schema.
  const sent = body as z.input<typeof OfferProductBody>;
  const answer =
    intent === 'update'
      ? await api.send(updateAdminOfferProduct, { params: { offerId, productId }, body: sent })
      : await api.send(createAdminOfferProduct, { params: { offerId }, body: sent });
  if (answer.status === 200 || answer.status === 201) {
    throw redirect(`${here}?avis=${intent === 'update' ? 'enregistre' : 'ajoute'}`);
  }
  return refused(form, answer, { errors: errorsOfIssues(answer.body.issues ?? []), values });
}

const NO_RULES = {};
const DISCOUNT_OPTIONS = [
  { value: 'PERCENTAGE', label: 'Pourcentage (%)' },
  { value: 'FIXED', label: 'Montant fixe (€)' },
];
const VAT_OPTIONS = VAT_RATES.map((rate) => ({ value: String(rate), label: formatVatRate(rate) }));

/** A product's fields: the same for adding and editing. */
function ProductFields({ values, prefix }: { values: SubmittedValues; prefix: string }) {
  const id = (name: string) => `${prefix}-${name}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={id('title')}
        name="title"
        label="Libellé"
        required
        maxLength={80}
        defaultValue={one(values, 'title')}
      />
      <TextField
        id={id('price')}
        name="price"
        label="Prix TTC avant remise (€)"
        hint="Par exemple 89,00."
        required
        inputMode="decimal"
        maxLength={12}
        defaultValue={one(values, 'price')}
      />
      <SelectField
        id={id('discountType')}
        name="discountType"
        label="Remise"
        required
        options={DISCOUNT_OPTIONS}
        defaultValue={one(values, 'discountType') || 'PERCENTAGE'}
      />
      <TextField
        id={id('discount')}
        name="discount"
        label="Valeur de la remise"
        hint="En % (100 au plus) pour un pourcentage, en euros (au plus le prix) pour un montant fixe."
        required
        inputMode="decimal"
        maxLength={12}
        defaultValue={one(values, 'discount')}
      />
      <TextField
        id={id('stock')}
        name="stock"
        label="Bons à vendre"
        hint="Jamais moins que les bons déjà vendus ou réservés."
        required
        inputMode="numeric"
        maxLength={7}
        defaultValue={one(values, 'stock')}
      />
      <TextField
        id={id('quota')}
        name="quota"
        label="Maximum par commande"
        required
        inputMode="numeric"
        maxLength={3}
        defaultValue={one(values, 'quota') || '4'}
      />
      <SelectField
        id={id('vatRate')}
        name="vatRate"
        label="TVA"
        required
        options={VAT_OPTIONS}
        defaultValue={one(values, 'vatRate') || '2000'}
      />
    </div>
  );
}

function ProductForm({
  intent,
  product,
  updatedAt,
  values,
  reply,
  label,
}: {
  intent: 'create' | 'update';
  product?: AdminOfferProduct;
  updatedAt: string;
  values: SubmittedValues;
  reply: FormReply | null;
  label: string;
}) {
  const submitting = useSubmitting(intent);
  return (
    <ValidatedForm rules={NO_RULES} reply={reply} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="updatedAt" value={updatedAt} />
      {product ? <input type="hidden" name="productId" value={product.id} /> : null}
      <ProductFields values={values} prefix={product ? `produit-${product.id}` : 'nouveau'} />
      <Button type="submit" loading={submitting}>
        {label}
      </Button>
    </ValidatedForm>
  );
}

export default function OfferProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, notice } = loaderData;
  const answer: ActionAnswer | undefined = actionData;
  const replyFor = (form: string) => (answer?.form === form ? (answer.reply ?? null) : null);
  return (
    <div className="space-y-6">
      <OfferHeader offer={offer} current="produits" />
      {notice ? <FormSuccess>{notice}</FormSuccess> : null}
      {answer?.alert ? <FormAlert focus>{answer.alert}</FormAlert> : null}
      {offer.products.length === 0 ? <p>Aucun produit : ajoutez-en un pour pouvoir publier le bon plan.</p> : null}
      {offer.products.map((product) => (
        <section
          key={product.id}
          aria-labelledby={`produit-${product.id}-titre`}
          className="rounded-xl bg-white p-4 shadow-sm"
        >
          <h2 id={`produit-${product.id}-titre`} className="text-lg font-semibold">
            {product.title}
          </h2>
          <p className="text-sm text-slate-700">
            {formatPrice(product.price)}
            {formatDiscount(product) ? ` · remise ${formatDiscount(product)}` : ''} · {product.sold} vendu(s),{' '}
            {product.reserved} réservé(s) sur {product.stock}
          </p>
          <div className="mt-3">
            <ProductForm
              intent="update"
              product={product}
              updatedAt={offer.updatedAt}
              values={replyFor(String(product.id))?.values ?? valuesOfProduct(product)}
              reply={replyFor(String(product.id))}
              label="Enregistrer le produit"
            />
          </div>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="productId" value={product.id} />
            <input type="hidden" name="updatedAt" value={offer.updatedAt} />
            <button type="submit" className="font-semibold text-red-800 underline">
              Supprimer « {product.title} »
            </button>
          </Form>
        </section>
      ))}
      <section aria-labelledby="nouveau-produit" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="nouveau-produit" className="text-lg font-semibold">
          Ajouter un produit
        </h2>
        <div className="mt-3">
          <ProductForm
            intent="create"
            updatedAt={offer.updatedAt}
            values={replyFor('new')?.values ?? {}}
            reply={replyFor('new')}
            label="Ajouter le produit"
          />
        </div>
      </section>
    </div>
  );
}
