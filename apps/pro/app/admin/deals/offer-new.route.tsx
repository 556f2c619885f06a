import { CreateOfferBody, createAdminOffer } from '@guichet/contracts';
import { FormAlert } from '@guichet/ui/form-alert';
import type { FormReply } from '@guichet/ui/form-validation';
import { valuesFromFormData } from '@guichet/ui/form-validation';
import { data, Link, redirect } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import type { Route } from './+types/offer-new.route';
import { dealsPath, errorsOfIssues, offerBodyOf } from './deal-fields';
import { OfferForm } from './offer-form';
import { partnerOptions } from './offers.server';

export const meta: Route.MetaFunction = () => [{ title: 'Nouveau bon plan | Guichet Pro' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return { partners: await partnerOptions(request, context) };
}

type ActionAnswer = { reply: FormReply; alert?: string };

/** Creates the offer, in draft: then its page, for its visuals, products and publication. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = valuesFromFormData(await request.formData());
  const body = offerBodyOf(values);
  const parsed = CreateOfferBody.safeParse(body);
  if (!parsed.success) {
    return data<ActionAnswer>({ reply: { errors: errorsOfIssues(parsed.error.issues), values } }, { status: 400 });
  }
  const answer = await proApiFor(request, context).send(createAdminOffer, { body: parsed.data });
  if (answer.status === 201) throw redirect(`${dealsPath(answer.body.id)}?avis=cree`);
  return data<ActionAnswer>(
    { reply: { errors: errorsOfIssues(answer.body.issues ?? []), values }, alert: answer.body.message },
    { status: answer.status },
  );
}

export default function NewOffer({ loaderData, actionData }: Route.ComponentProps) {
  const answer: ActionAnswer | undefined = actionData;
  return (
    <div className="space-y-6">
      <p>
        <Link to={dealsPath()} className="underline">
          Bons plans
        </Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight">Nouveau bon plan</h1>
      {answer?.alert ? <FormAlert focus>{answer.alert}</FormAlert> : null}
      {loaderData.partners.length === 0 ? (
        <p>
          Créez d’abord{' '}
          <Link to="/admin/partenaires/nouveau" className="font-semibold underline">
            un partenaire
          </Link>
          .
        </p>
      ) : null}
      <div className="max-w-3xl">
        <OfferForm
          values={answer?.reply.values ?? {}}
          reply={answer?.reply ?? null}
          partners={loaderData.partners}
          submitLabel="Créer le bon plan"
        />
      </div>
    </div>
  );
}
