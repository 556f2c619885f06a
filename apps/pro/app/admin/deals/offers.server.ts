/** What the offer pages load alike: the partners to choose from, an offer by the page's id. */
import { getAdminOffer, listAdminPartners } from '@guichet/contracts';
import { data } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import type { PartnerOption } from './offer-form';

type Context = Parameters<typeof proApiFor>[1];

/** The partners, by name (the first 100: the select's choices). */
export async function partnerOptions(request: Request, context: Context): Promise<PartnerOption[]> {
  const list = await proApiFor(request, context).loadData(listAdminPartners, { query: { page: 1, pageSize: 100 } });
  return list.items.map((partner) => ({
    value: String(partner.id),
    label: partner.city ? `${partner.name} (${partner.city})` : partner.name,
  }));
}

/** The offer of the page's `offerId` (a 404 page for an id that is not one). */
export function offerIdOf(params: { offerId?: string }): number {
  const id = Number(params.offerId);
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  return id;
}

export async function loadOffer(request: Request, context: Context, params: { offerId?: string }) {
  return proApiFor(request, context).loadData(getAdminOffer, { params: { offerId: offerIdOf(params) } });
}
