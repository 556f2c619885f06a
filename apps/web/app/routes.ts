import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * The route table of the spec (section 2), in the spec's order within each layout.
 * Route-level validation (section 5) lives in each route's loader: an invalid parameter answers 404.
 */
export default [
  layout('routes/layouts/default.tsx', [
    // Guest only (the layout's loader sends a logged-in visitor to /).
    route('auth', 'routes/auth/layout.tsx', [
      index('routes/auth/index.tsx'),
      route('login', 'routes/auth/login.tsx'),
      route('register', 'routes/auth/register.tsx'),
    ]),
    index('routes/home.tsx'),
    route('agenda', 'routes/agenda.tsx'),
    ...prefix('artistes', [index('routes/artistes/index.tsx'), route(':performerID', 'routes/artistes/performer.tsx')]),
    route('cart', 'routes/cart.tsx', { id: 'cart' }),
    // Logged-in users only (the layout's loader sends others to /auth/login, and back after login).
    route('account', 'routes/account/layout.tsx', [
      index('routes/account/overview.tsx'),
      route('informations', 'routes/account/informations.tsx'),
      route('orders', 'routes/account/orders.tsx'),
      route('orders/:orderID', 'routes/account/order.tsx'),
    ]),
    ...prefix('bons-plans', [
      index('routes/bons-plans/index.tsx'),
      route('search', 'routes/bons-plans/search.tsx'),
      // The search box's suggestions (resource route, JSON).
      route('suggestions', 'routes/bons-plans/suggestions.ts'),
      route('offer/:offerID', 'routes/bons-plans/offer.tsx'),
    ]),
    // One module for the whole listing. A path shape stands for several of the spec's paths: the loader
    // tells a date part from a trailing ticketingID by its shape (parseListingPath).
    ...prefix('billetteries', [
      // /billetteries
      index('routes/billetteries.tsx', { id: 'billetteries' }),
      // /billetteries/{country} and /billetteries/{ticketingID}
      route(':country', 'routes/billetteries.tsx', { id: 'billetteries-country' }),
      // /billetteries/{country}/{year} and /billetteries/{country}/{ticketingID}
      route(':country/:year', 'routes/billetteries.tsx', { id: 'billetteries-year' }),
      // /billetteries/{country}/{year}/{month} and /billetteries/{country}/{year}/{ticketingID}
      route(':country/:year/:month', 'routes/billetteries.tsx', { id: 'billetteries-month' }),
      // /billetteries/{country}/{year}/{month}/{day} and /billetteries/{country}/{year}/{month}/{ticketingID}
      route(':country/:year/:month/:day', 'routes/billetteries.tsx', { id: 'billetteries-day' }),
      // /billetteries/{country}/{year}/{month}/{day}/{ticketingID}
      route(':country/:year/:month/:day/:ticketingID', 'routes/billetteries.tsx', { id: 'billetteries-ticketing' }),
    ]),
    route('billetterie/:ticketingID', 'routes/billetterie.tsx'),
    // One search for the whole site (events, artists, deals); preview only.
    route('recherche', 'routes/recherche.tsx'),
    route('organizer/:entityID', 'routes/organizer.tsx'),
    // The legal pages of the footer (not in the spec's table; docs/decisions/0019).
    route('mentions-legales', 'routes/legal/mentions-legales.tsx'),
    route('conditions-generales-de-vente', 'routes/legal/conditions-generales-de-vente.tsx'),
    route('politique-de-confidentialite', 'routes/legal/politique-de-confidentialite.tsx'),
    ...prefix('jeux-concours', [
      index('routes/jeux-concours/index.tsx'),
      route(':contestGameID', 'routes/jeux-concours/game.tsx', [
        index('routes/jeux-concours/overview.tsx'),
        route('ranking', 'routes/jeux-concours/ranking.tsx'),
        route('participate', 'routes/jeux-concours/participate.tsx'),
      ]),
    ]),
    // Preview only: the shell's components shown working.
    route('styleguide/interface', 'routes/styleguide-interface.tsx'),
    // Le Mag, linked from the header.
    ...prefix('magazine', [index('routes/magazine/index.tsx'), route(':articleSlug', 'routes/magazine/article.tsx')]),
    route('styleguide', 'routes/styleguide.tsx'),
    // Preview only: the mails the API wrote to its local outbox (no SMTP server), reset links included.
    ...prefix('outbox', [index('routes/outbox/index.tsx'), route(':messageId', 'routes/outbox/message.tsx')]),
  ]),

  layout('routes/layouts/minimal.tsx', [
    // Guest only (its loader sends a logged-in visitor to /).
    route('forgot-password', 'routes/forgot-password.tsx'),
    route('payment', 'routes/payment.tsx'),
    route('download', 'routes/download.tsx'),
    route('survey/:surveyID/:ticketingID/:userID', 'routes/survey.tsx'),
  ]),

  layout('routes/layouts/embed.tsx', [
    ...prefix('embed', [
      route('organizer/:entityID', 'routes/embed/organizer.tsx'),
      route('ticketing/:ticketingID', 'routes/embed/ticketing.tsx'),
    ]),
  ]),

  // The build id polled by open pages to notice a new deployment (resource route).
  route('_build', 'routes/build-id.ts'),
  // Logout: POST only, outside the guest-only /auth layout (a logged-in visitor posts it).
  route('logout', 'routes/logout.ts'),
  // Every change to the cart (add, − / +, remove, quantity, sync, « Acheter »): POST only.
  route('cart/items', 'routes/cart-items.ts'),
  // An order's PDFs, for its owner or the holder of the e-mail's signed link (?order=&sig=).
  route('download/billets.pdf', 'routes/download-document.ts', { id: 'download-tickets' }),
  route('download/facture.pdf', 'routes/download-document.ts', { id: 'download-invoice' }),
  // Resource routes of the catalogue: a page view (POST from the page), the .ics file, the site map, robots.
  route('billetterie/:ticketingID/vue', 'routes/billetterie-view.ts'),
  route('billetterie/:ticketingID/calendrier.ics', 'routes/billetterie-calendar.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  // The header search box's grouped suggestions (JSON).
  route('recherche/suggestions', 'routes/recherche-suggestions.ts'),
  route('robots.txt', 'routes/robots.ts'),

  // Unknown routes: 404 not found.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
