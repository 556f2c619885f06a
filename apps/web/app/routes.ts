import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * The route table of the spec (section 2), in the spec's order within each layout.
 * Route-level validation (section 5) lives in each route's loader: an invalid parameter answers 404.
 */
export default [
  layout('shell/default-layout.route.tsx', [
    // Guest only (the layout's loader sends a logged-in visitor to /).
    route('auth', 'account/auth-layout.route.tsx', [
      index('account/auth.route.tsx'),
      route('login', 'account/login.route.tsx'),
      route('register', 'account/register.route.tsx'),
    ]),
    index('catalogue/home.route.tsx'),
    route('agenda', 'catalogue/agenda.route.tsx'),
    ...prefix('artistes', [
      index('catalogue/performers.route.tsx'),
      route(':performerID', 'catalogue/performer.route.tsx'),
    ]),
    route('cart', 'cart/cart.route.tsx', { id: 'cart' }),
    // Logged-in users only (the layout's loader sends others to /auth/login, and back after login).
    route('account', 'account/account-layout.route.tsx', [
      index('account/account-overview.route.tsx'),
      route('informations', 'account/account-informations.route.tsx'),
      route('orders', 'account/orders.route.tsx'),
      route('orders/:orderID', 'account/order.route.tsx'),
    ]),
    ...prefix('bons-plans', [
      index('offers/offers.route.tsx'),
      route('search', 'offers/offer-search.route.tsx'),
      // The search box's suggestions (resource route, JSON).
      route('suggestions', 'offers/offer-suggestions.route.ts'),
      route('offer/:offerID', 'offers/offer.route.tsx'),
    ]),
    // One module for the whole listing. A path shape stands for several of the spec's paths: the loader
    // tells a date part from a trailing ticketingID by its shape (parseListingPath).
    ...prefix('billetteries', [
      // /billetteries
      index('catalogue/billetteries.route.tsx', { id: 'billetteries' }),
      // /billetteries/{country} and /billetteries/{ticketingID}
      route(':country', 'catalogue/billetteries.route.tsx', { id: 'billetteries-country' }),
      // /billetteries/{country}/{year} and /billetteries/{country}/{ticketingID}
      route(':country/:year', 'catalogue/billetteries.route.tsx', { id: 'billetteries-year' }),
      // /billetteries/{country}/{year}/{month} and /billetteries/{country}/{year}/{ticketingID}
      route(':country/:year/:month', 'catalogue/billetteries.route.tsx', { id: 'billetteries-month' }),
      // /billetteries/{country}/{year}/{month}/{day} and /billetteries/{country}/{year}/{month}/{ticketingID}
      route(':country/:year/:month/:day', 'catalogue/billetteries.route.tsx', { id: 'billetteries-day' }),
      // /billetteries/{country}/{year}/{month}/{day}/{ticketingID}
      route(':country/:year/:month/:day/:ticketingID', 'catalogue/billetteries.route.tsx', {
        id: 'billetteries-ticketing',
      }),
    ]),
    route('billetterie/:ticketingID', 'catalogue/ticketing.route.tsx'),
    // The organiser's preview of a ticketing, draft included (a signed link of the pro site; never indexed nor cached).
    route('apercu/billetterie/:token', 'catalogue/ticketing-preview.route.tsx'),
    // One search for the whole site (events, artists, deals); preview only.
    route('recherche', 'search/search.route.tsx'),
    route('organizer/:entityID', 'catalogue/organizer.route.tsx'),
    // The legal pages of the footer (not in the spec's table; docs/decisions/0019).
    route('mentions-legales', 'legal/mentions-legales.route.tsx'),
    route('conditions-generales-de-vente', 'legal/conditions-generales-de-vente.route.tsx'),
    route('politique-de-confidentialite', 'legal/politique-de-confidentialite.route.tsx'),
    ...prefix('jeux-concours', [
      index('contests/contests.route.tsx'),
      route(':contestGameID', 'contests/contest-game.route.tsx', [
        index('contests/contest-overview.route.tsx'),
        route('ranking', 'contests/contest-ranking.route.tsx'),
        route('participate', 'contests/contest-participate.route.tsx'),
      ]),
    ]),
    // Preview only: the shell's components shown working.
    route('styleguide/interface', 'preview/styleguide-interface.route.tsx'),
    // Le Mag, linked from the header.
    ...prefix('magazine', [index('magazine/magazine.route.tsx'), route(':articleSlug', 'magazine/article.route.tsx')]),
    route('styleguide', 'preview/styleguide.route.tsx'),
    // Preview only: the mails the API wrote to its local outbox (no SMTP server), reset links included.
    ...prefix('outbox', [index('preview/outbox.route.tsx'), route(':messageId', 'preview/outbox-message.route.tsx')]),
  ]),

  layout('shell/minimal-layout.route.tsx', [
    // Guest only (its loader sends a logged-in visitor to /).
    route('forgot-password', 'account/forgot-password.route.tsx'),
    route('payment', 'checkout/payment.route.tsx'),
    route('download', 'checkout/download.route.tsx'),
    route('survey/:surveyID/:ticketingID/:userID', 'surveys/survey.route.tsx'),
  ]),

  layout('catalogue/embed-layout.route.tsx', [
    ...prefix('embed', [
      route('organizer/:entityID', 'catalogue/embed-organizer.route.tsx'),
      route('ticketing/:ticketingID', 'catalogue/embed-ticketing.route.tsx'),
    ]),
  ]),

  // The build id polled by open pages to notice a new deployment (resource route).
  route('_build', 'shell/build-id.route.ts'),
  // Logout: POST only, outside the guest-only /auth layout (a logged-in visitor posts it).
  route('logout', 'account/logout.route.ts'),
  // Every change to the cart (add, − / +, remove, quantity, sync, « Acheter »): POST only.
  route('cart/items', 'cart/cart-items.route.ts'),
  // An order's PDFs, for its owner or the holder of the e-mail's signed link (?order=&sig=).
  route('download/billets.pdf', 'checkout/download-document.route.ts', { id: 'download-tickets' }),
  route('download/facture.pdf', 'checkout/download-document.route.ts', { id: 'download-invoice' }),
  // A refund's credit note (avoir) in PDF, for the order's owner (issue 26).
  route('account/orders/:orderID/avoirs/:creditNote', 'account/credit-note.route.ts'),
  // Resource routes of the catalogue: a page view (POST from the page), the .ics file, the site map, robots.
  route('billetterie/:ticketingID/vue', 'catalogue/ticketing-view.route.ts'),
  route('billetterie/:ticketingID/calendrier.ics', 'catalogue/ticketing-calendar.route.ts'),
  route('sitemap.xml', 'shell/sitemap.route.ts'),
  // The header search box's grouped suggestions (JSON).
  route('recherche/suggestions', 'search/search-suggestions.route.ts'),
  route('robots.txt', 'shell/robots.route.ts'),

  // Unknown routes: 404 not found.
  route('*', 'shell/not-found.route.tsx'),
] satisfies RouteConfig;
