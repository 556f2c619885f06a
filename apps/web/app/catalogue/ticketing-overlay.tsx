import type { TicketingDetail } from '@guichet/contracts';
import { AppLink, useSiteHref } from '@guichet/ui/app-link';
import { useHydrated } from '@guichet/ui/hooks/use-hydrated';
import { X } from '@guichet/ui/icons';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { useTicketingView } from './use-ticketing-view';

// The dialog (Radix) is fetched only when a ticketing is opened over its listing: the listing's first visit
// does not load it (issue 13: first-load JavaScript). Until it has arrived, the panel below stands in.
const Modal = lazy(() => import('@guichet/ui/modal').then((module) => ({ default: module.Modal })));

import { TicketingDetails } from './ticketing-details';

/** What the listing reads after the overlay closed, to give the focus back to the card that opened it. */
export type OverlayClosedState = { focusTicketing?: number };

/**
 * A ticketing opened over its listing; the URL (listing + ticketing) is its own, so it can be shared and
 * reloaded. With JavaScript it is a modal dialog whose closing navigates back to the listing's URL. Before
 * hydration, and without JavaScript, the same content shows in a panel over the page with a « Fermer » link.
 */
export function TicketingOverlay({
  ticketing,
  descriptionHtml,
  closeTo,
}: {
  ticketing: TicketingDetail;
  /** The description rendered by the listing's loader (`renderRichText`). */
  descriptionHtml: string;
  closeTo: string;
}) {
  useTicketingView(ticketing.id);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const siteHref = useSiteHref();
  const titleId = `billetterie-${ticketing.id}-panneau-titre`;

  const panel = (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      className="fixed inset-0 z-40 overflow-y-auto bg-slate-950/60 px-4 py-8"
    >
      <div className="mx-auto w-full max-w-3xl rounded-2xl bg-white shadow-2xl">
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
          <h2 id={titleId} className="text-xl font-bold text-slate-900">
            {ticketing.title}
          </h2>
          <AppLink
            to={closeTo}
            preventScrollReset
            className="-mr-2 inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full px-3 font-semibold text-slate-800 no-underline hover:bg-slate-100"
          >
            <X className="size-5" aria-hidden="true" />
            Fermer
          </AppLink>
        </div>
        <div className="px-6 py-6">
          <TicketingDetails ticketing={ticketing} variant="overlay" descriptionHtml={descriptionHtml} />
        </div>
      </div>
    </div>
  );
  if (!hydrated) return panel;

  return (
    <Suspense fallback={panel}>
      <Modal
        open
        size="large"
        align="start"
        title={ticketing.title}
        onOpenChange={(open) => {
          if (open) return;
          const state: OverlayClosedState = { focusTicketing: ticketing.id };
          navigate(siteHref(closeTo), { preventScrollReset: true, state });
        }}
      >
        <TicketingDetails ticketing={ticketing} variant="overlay" descriptionHtml={descriptionHtml} />
      </Modal>
    </Suspense>
  );
}
