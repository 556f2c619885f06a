import {
  CreateProductBody,
  createProProduct,
  deleteProProduct,
  type ProProduct,
  reorderProProducts,
  updateProProduct,
} from '@guichet/contracts';
import { formatDiscount, formatPrice, formatVatRate, isVatRate } from '@guichet/domain';
import { Button, buttonClass } from '@guichet/ui/button';
import { SelectField, TextField, ValidatedForm } from '@guichet/ui/form';
import { FormAlert, FormSuccess } from '@guichet/ui/form-alert';
import type { FormReply, SubmittedValues } from '@guichet/ui/form-validation';
import { data, Form, Link, redirect } from 'react-router';
import type { z } from 'zod';
import { proApiFor } from '../lib/server/api.server';
import type { Route } from './+types/products.route';
import { readProductForm, valuesOfProduct } from './product-fields';
import { errorsOfIssues } from './ticketing-fields';
import { ticketingPath } from './ticketing-paths';
import { StatusBadge } from './ticketing-status';
import { loadTicketing, ticketingParamsOf } from './ticketings.server';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Tarifs — ${loaderData?.ticketing.title ?? 'Billetterie'} | Guichet Pro` },
];

const NOTICES: Record<string, string> = {
  ajoute: 'Tarif ajouté.',
  enregistre: 'Tarif enregistré.',
  supprime: 'Tarif supprimé.',
  range: 'Ordre des tarifs enregistré.',
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ticketing = await loadTicketing(request, context, params);
  const notice = NOTICES[new URL(request.url).searchParams.get('avis') ?? ''] ?? null;
  return { ticketing, notice };
}

type ActionAnswer = {
  /** The form the answer is about: a product's id, or 'new'. */
  form: string;
  reply?: FormReply;
  alert?: string;
};

/**
 * Add, save, delete or move a product: each names the ticketing's version it read (a product belongs to its
 * ticketing's form), so a change made meanwhile by someone else is a conflict, said, never overwritten.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '');
  const productId = String(formData.get('productId') ?? '');
  const version = Number(formData.get('version'));
  const api = proApiFor(request, context);
  const ticketingParams = ticketingParamsOf(params);
  const productParams = () => ({ ...ticketingParams, productId: Number(productId) });
  const here = ticketingPath(params.organizerId, params.ticketingId, 'tarifs');
  const refused = (form: string, answer: { status: number; body: { message: string } }, reply?: FormReply) => {
    if (answer.status === 404 && !reply) throw data(answer.body, { status: 404 });
    return data<ActionAnswer>({ form, reply, alert: answer.body.message }, { status: answer.status });
  };

  if (intent === 'delete') {
    const answer = await api.send(deleteProProduct, { params: productParams(), body: { version } });
    if (answer.status === 200) throw redirect(`${here}?avis=supprime`);
    return refused(productId, answer);
  }
  if (intent === 'move') {
    const ids = formData.getAll('order').map(Number);
    const at = ids.indexOf(Number(productId));
    const to = at + (formData.get('direction') === 'up' ? -1 : 1);
    if (at < 0 || to < 0 || to >= ids.length) throw redirect(here);
    [ids[at], ids[to]] = [ids[to] as number, ids[at] as number];
    const answer = await api.send(reorderProProducts, { params: ticketingParams, body: { version, productIds: ids } });
    if (answer.status === 200) throw redirect(`${here}?avis=range`);
    return refused(productId, answer);
  }

  const form = intent === 'update' ? productId : 'new';
  const { values, body } = readProductForm(formData);
  const parsed = CreateProductBody.safeParse(body);
  if (!parsed.success) {
    return data<ActionAnswer>(
      { form, reply: { errors: errorsOfIssues(parsed.error.issues), values } },
      { status: 400 },
    );
  }
  // The fields as typed (« 12,50 »): the API reads them with the same schema.
  const sent = body as z.input<typeof CreateProductBody>;
  const answer =
    intent === 'update'
      ? await api.send(updateProProduct, { params: productParams(), body: sent })
      : await api.send(createProProduct, { params: ticketingParams, body: sent });
  if (answer.status === 200 || answer.status === 201) {
    throw redirect(`${here}?avis=${intent === 'update' ? 'enregistre' : 'ajoute'}`);
  }
  return refused(form, answer, { errors: errorsOfIssues(answer.body.issues ?? []), values });
}

const DISCOUNT_OPTIONS = [
  { value: '', label: 'Aucune' },
  { value: 'FIXED', label: 'Montant fixe (€)' },
  { value: 'PERCENTAGE', label: 'Pourcentage (%)' },
];

const one = (values: SubmittedValues, name: string) => {
  const value = values[name];
  return (Array.isArray(value) ? value.at(-1) : value) ?? '';
};

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
        id={id('description')}
        name="description"
        label="Description"
        hint="Facultative (300 caractères au plus)."
        maxLength={300}
        defaultValue={one(values, 'description')}
      />
      <TextField
        id={id('price')}
        name="price"
        label="Prix TTC (€)"
        hint="Par exemple 12,50."
        required
        inputMode="decimal"
        maxLength={12}
        defaultValue={one(values, 'price')}
      />
      <SelectField
        id={id('discountType')}
        name="discountType"
        label="Remise"
        options={DISCOUNT_OPTIONS}
        defaultValue={one(values, 'discountType')}
      />
      <TextField
        id={id('discount')}
        name="discount"
        label="Valeur de la remise"
        hint="En euros pour un montant fixe, en % pour un pourcentage."
        inputMode="decimal"
        maxLength={12}
        defaultValue={one(values, 'discount')}
      />
      <TextField
        id={id('stock')}
        name="stock"
        label="Places à vendre"
        required
        inputMode="numeric"
        defaultValue={one(values, 'stock')}
      />
      <TextField
        id={id('quota')}
        name="quota"
        label="Maximum par commande"
        required
        inputMode="numeric"
        defaultValue={one(values, 'quota') || '10'}
      />
      <TextField
        id={id('salesStartAt')}
        name="salesStartAt"
        type="datetime-local"
        label="Ouverture des ventes"
        hint="Heure de Paris. Vide : dès la publication."
        defaultValue={one(values, 'salesStartAt')}
      />
      <TextField
        id={id('salesEndAt')}
        name="salesEndAt"
        type="datetime-local"
        label="Fermeture des ventes"
        hint="Heure de Paris. Vide : jusqu’à l’événement."
        defaultValue={one(values, 'salesEndAt')}
      />
    </div>
  );
}

const NO_RULES = {};

function ProductCard({
  product,
  index,
  order,
  version,
  answer,
}: {
  product: ProProduct;
  index: number;
  order: number[];
  version: number;
  answer: ActionAnswer | undefined;
}) {
  const mine = answer?.form === String(product.id) ? answer : undefined;
  const discount = formatDiscount(product);
  const moveForm = (direction: 'up' | 'down', label: string, disabled: boolean) => (
    <Form method="post">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="direction" value={direction} />
      <input type="hidden" name="version" value={version} />
      {order.map((id) => (
        <input key={id} type="hidden" name="order" value={id} />
      ))}
      <button type="submit" disabled={disabled} className={buttonClass('tertiary')}>
        {label}
        <span className="sr-only"> « {product.title} »</span>
      </button>
    </Form>
  );
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm">
      <h3 className="text-lg font-semibold">{product.title}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-700">Prix</dt>
          <dd className="font-semibold">
            {formatPrice(product.discountedPrice)}
            {discount ? ` (${formatPrice(product.price)}, remise ${discount})` : ''}
          </dd>
        </div>
        <div>
          <dt className="text-slate-700">TVA</dt>
          <dd>{isVatRate(product.vatRate) ? formatVatRate(product.vatRate) : `${product.vatRate / 100} %`}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Vendues / réservées</dt>
          <dd>
            {product.sold} / {product.reserved}
          </dd>
        </div>
        <div>
          <dt className="text-slate-700">Restantes</dt>
          <dd>
            {product.remaining} sur {product.stock}
          </dd>
        </div>
      </dl>
      {mine?.alert ? (
        <FormAlert focus className="mt-3">
          {mine.alert}
        </FormAlert>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {moveForm('up', 'Monter', index === 0)}
        {moveForm('down', 'Descendre', index === order.length - 1)}
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name="version" value={version} />
          <button type="submit" className={buttonClass('tertiary')}>
            Supprimer<span className="sr-only"> « {product.title} »</span>
          </button>
        </Form>
      </div>
      <details className="mt-3" open={mine?.reply ? true : undefined}>
        <summary className="cursor-pointer font-medium text-brand-800">
          Modifier<span className="sr-only"> « {product.title} »</span>
        </summary>
        <ValidatedForm rules={NO_RULES} reply={mine?.reply ?? null} className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name="version" value={version} />
          <ProductFields values={mine?.reply?.values ?? valuesOfProduct(product)} prefix={`product-${product.id}`} />
          <Button type="submit">Enregistrer le tarif</Button>
        </ValidatedForm>
      </details>
    </li>
  );
}

export default function Products({ loaderData, actionData, params }: Route.ComponentProps) {
  const { ticketing, notice } = loaderData;
  const answer: ActionAnswer | undefined = actionData;
  const order = ticketing.products.map((product) => product.id);
  const adding = answer?.form === 'new' ? answer : undefined;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Tarifs — {ticketing.title}</h1>
        <StatusBadge status={ticketing.status} />
      </div>
      <nav aria-label="Pages de la billetterie" className="mt-3 flex flex-wrap gap-4 text-sm font-medium">
        <Link to={ticketingPath(params.organizerId, ticketing.id)}>Informations</Link>
        <Link to={ticketingPath(params.organizerId, ticketing.id, 'tarifs')} aria-current="page">
          Tarifs ({ticketing.products.length})
        </Link>
      </nav>
      {notice ? <FormSuccess className="mt-5">{notice}</FormSuccess> : null}
      <p className="mt-4 text-sm text-slate-700">
        La TVA de chaque tarif est calculée d’après le pays du lieu et la catégorie de la billetterie.
      </p>
      <h2 className="mt-6 text-lg font-semibold">Tarifs en vente</h2>
      {ticketing.products.length === 0 ? (
        <p className="mt-2">Aucun tarif pour l’instant : ajoutez-en un pour pouvoir publier.</p>
      ) : (
        <ol className="mt-3 space-y-4">
          {ticketing.products.map((product, index) => (
            <ProductCard
              key={product.id}
              product={product}
              index={index}
              order={order}
              version={ticketing.version}
              answer={answer}
            />
          ))}
        </ol>
      )}
      <section aria-labelledby="new-product" className="mt-8 max-w-3xl rounded-xl bg-white p-4 shadow-sm">
        <h2 id="new-product" className="text-lg font-semibold">
          Ajouter un tarif
        </h2>
        {adding?.alert ? (
          <FormAlert focus className="mt-3">
            {adding.alert}
          </FormAlert>
        ) : null}
        <ValidatedForm rules={NO_RULES} reply={adding?.reply ?? null} className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="version" value={ticketing.version} />
          <ProductFields values={adding?.reply?.values ?? {}} prefix="new-product" />
          <Button type="submit">Ajouter le tarif</Button>
        </ValidatedForm>
      </section>
    </>
  );
}
