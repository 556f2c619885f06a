import { setAdminOfferStatus, UpdateOfferBody, updateAdminOffer } from '@guichet/contracts';
import { OFFER_STATUS_ACTIONS, type OfferStatusAction } from '@guichet/domain';
import { buttonClass } from '@guichet/ui/button';
import { FormAlert, FormSuccess } from '@guichet/ui/form-alert';
import type { FormReply } from '@guichet/ui/form-validation';
import { valuesFromFormData } from '@guichet/ui/form-validation';
import { data, Link, redirect } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { serverEnv } from '../../lib/server/env.server';
import { StatusConfirm } from '../../lib/status-confirm';
import { VisualUploadForm } from '../../lib/visual-upload-form';
import type { Route } from './+types/offer-edit.route';
import { dealsPath, errorsOfIssues, offerBodyOf, valuesOfOffer } from './deal-fields';
import { OfferForm } from './offer-form';
import { OFFER_STATUS_CHANGES, OfferHeader } from './offer-status';
import { loadOffer, offerIdOf, partnerOptions } from './offers.server';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.offer.title ?? 'Bon plan'} | Guichet Pro` },
];

/** The notices a redirect carries (?avis=…), said once on the page it lands on. */
const NOTICES: Record<string, string> = {
  cree: 'Bon plan créé, en brouillon. Ajoutez ses visuels et ses produits, puis publiez-le.',
  enregistre: 'Bon plan enregistré.',
  visuel: 'Visuel ajouté. Vérifiez son texte alternatif.',
  PUBLISHED: 'Bon plan publié : la recherche le trouve et il est en vente.',
  PAUSED: 'Bon plan en pause : il a quitté la recherche et n’est plus en vente.',
  ENDED: 'Bon plan terminé : sa validité s’est arrêtée maintenant.',
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const [offer, partners] = await Promise.all([loadOffer(request, context, params), partnerOptions(request, context)]);
  const search = new URL(request.url).searchParams;
  const asked = search.get('confirmer');
  const confirming = OFFER_STATUS_CHANGES[offer.status].find((change) => change.to === asked) ?? null;
  return {
    offer,
    partners,
    confirming,
    notice: NOTICES[search.get('avis') ?? ''] ?? null,
    // Visuals are files of the public site (the uploads it forwards to the API): shown from there.
    visualBase: serverEnv.SITE_URL,
  };
}

type ActionAnswer = { reply?: FormReply; alert?: string };

/** Save (the stamp the form read: a change made meanwhile is a 409, said, never overwritten) or a status change. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const api = proApiFor(request, context);
  const offerId = offerIdOf(params);
  const here = dealsPath(offerId);
  if (formData.get('intent') === 'status') {
    const status = String(formData.get('status') ?? '');
    if (!(OFFER_STATUS_ACTIONS as readonly string[]).includes(status)) {
      return data<ActionAnswer>({ alert: 'Cet état n’existe pas.' }, { status: 400 });
    }
    const answer = await api.send(setAdminOfferStatus, {
      params: { offerId },
      body: { status: status as OfferStatusAction, updatedAt: String(formData.get('updatedAt') ?? '') },
    });
    if (answer.status === 200) throw redirect(`${here}?avis=${status}`);
    if (answer.status === 404) throw data(answer.body, { status: 404 });
    return data<ActionAnswer>({ alert: answer.body.message }, { status: answer.status });
  }
  const values = valuesFromFormData(formData);
  const parsed = UpdateOfferBody.safeParse(offerBodyOf(values));
  if (!parsed.success) {
    return data<ActionAnswer>({ reply: { errors: errorsOfIssues(parsed.error.issues), values } }, { status: 400 });
  }
  const answer = await api.send(updateAdminOffer, { params: { offerId }, body: parsed.data });
  if (answer.status === 200) throw redirect(`${here}?avis=enregistre`);
  if (answer.status === 404) throw data(answer.body, { status: 404 });
  return data<ActionAnswer>(
    { reply: { errors: errorsOfIssues(answer.body.issues ?? []), values }, alert: answer.body.message },
    { status: answer.status },
  );
}

export default function EditOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, partners, confirming, notice, visualBase } = loaderData;
  const answer: ActionAnswer | undefined = actionData;
  const here = dealsPath(offer.id);
  return (
    <div className="space-y-6">
      <OfferHeader offer={offer} current="informations" publicBase={visualBase} />
      {notice ? <FormSuccess>{notice}</FormSuccess> : null}
      {answer?.alert ? <FormAlert focus>{answer.alert}</FormAlert> : null}

      <section aria-labelledby="status-title" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="status-title" className="text-lg font-semibold">
          Publication
        </h2>
        {OFFER_STATUS_CHANGES[offer.status].length === 0 ? (
          <p className="mt-2">Ce bon plan est terminé : il ne peut plus être republié.</p>
        ) : (
          <div className="mt-3 flex flex-wrap gap-3">
            {OFFER_STATUS_CHANGES[offer.status].map((change) => (
              <Link
                key={change.to}
                to={`?confirmer=${change.to}`}
                className={buttonClass(change.to === 'ENDED' ? 'tertiary' : 'action')}
              >
                {change.label}
              </Link>
            ))}
          </div>
        )}
        {confirming ? (
          <StatusConfirm change={confirming} stamp={{ name: 'updatedAt', value: offer.updatedAt }} cancel={here} />
        ) : null}
      </section>

      <section aria-labelledby="upload-title" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="upload-title" className="text-lg font-semibold">
          Ajouter un visuel
        </h2>
        <VisualUploadForm action={dealsPath(offer.id, 'visuels')} />
      </section>

      <section aria-labelledby="form-title" className="max-w-3xl">
        <h2 id="form-title" className="text-lg font-semibold">
          Informations
        </h2>
        <div className="mt-3">
          <OfferForm
            key={offer.updatedAt}
            values={answer?.reply?.values ?? valuesOfOffer(offer)}
            reply={answer?.reply ?? null}
            partners={partners}
            visualBase={visualBase}
            submitLabel="Enregistrer"
          />
        </div>
      </section>
    </div>
  );
}
