import { PRO_PATHS } from '@guichet/domain';
import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';
import { adminRoutes } from './admin/routes';
import { PRO_ACCOUNT_PATHS } from './lib/pro-paths';

/** The pro site's one route table. Paths named elsewhere (the public header's link) come from PRO_PATHS. */
export default [
  // Signed in: the first organiser's dashboard (or a form to open one); signed out: the welcome.
  index('dashboard/home.route.tsx'),
  // The account: sign-up (« Ouvrir une billetterie », linked from the public header), the e-mail's
  // confirmation link and a new one, login and logout, an invitation's link (the API's mails name these).
  route(PRO_PATHS.login, 'account/login.route.tsx'),
  route(PRO_PATHS.signup, 'account/signup.route.tsx'),
  route(PRO_ACCOUNT_PATHS.confirm, 'account/confirm.route.tsx'),
  route(PRO_ACCOUNT_PATHS.resend, 'account/resend.route.tsx'),
  route(PRO_ACCOUNT_PATHS.logout, 'account/logout.route.ts'),
  route(PRO_ACCOUNT_PATHS.invitation, 'account/invitation.route.tsx'),
  // One organiser's pages (the layout checks the person works for it): /organisateurs/:organizerId/…
  ...prefix('organisateurs/:organizerId', [
    layout('organizer/organizer-layout.route.tsx', [
      // Following the sales: the dashboard, the orders, a ticketing's sales and its embed code (apps/pro/app/sales).
      index('organizer/dashboard.route.tsx'),
      route('commandes', 'sales/orders.route.tsx'),
      route('commandes/:orderId', 'sales/order.route.tsx'),
      route('billetteries/:ticketingId/ventes', 'sales/ticketing-sales.route.tsx'),
      route('billetteries/:ticketingId/integration', 'sales/ticketing-embed.route.tsx'),
      // Ticketings and their products (issue 25): list, create, edit (with its state buttons, duplicate,
      // preview and visuals), products.
      route('billetteries', 'ticketings/list.route.tsx'),
      route('billetteries/nouvelle', 'ticketings/new.route.tsx'),
      route('billetteries/:ticketingId', 'ticketings/edit.route.tsx'),
      route('billetteries/:ticketingId/visuels', 'ticketings/upload.route.tsx'),
      route('billetteries/:ticketingId/tarifs', 'ticketings/products.route.tsx'),
      // After the sale (issue 26): cancelling a ticketing (every paid order refunded) and postponing it.
      route('billetteries/:ticketingId/annulation', 'ticketings/cancel.route.tsx'),
      route('billetteries/:ticketingId/report', 'ticketings/postpone.route.tsx'),
      // Its profile and its team (owners change them; the API says who may).
      route('organisation', 'organizer/profile.route.tsx'),
      route('equipe', 'organizer/team.route.tsx'),
      // Door control (issue 26): the scopes the team may control, each with its entries so far.
      route('controle', 'door/scopes.route.tsx'),
    ]),
    // The scan page, full screen outside the organiser's pages (it works offline: door/offline.ts), and the
    // resource routes it calls: the API's door endpoints passed on with the cookie session.
    ...prefix('controle/:scopeKind/:scopeId', [
      index('door/scan.route.tsx'),
      route('paquet', 'door/pack.route.ts'),
      route('changements', 'door/changes.route.ts'),
      route('passages', 'door/check-ins.route.ts'),
      route('scan', 'door/scan-online.route.ts'),
    ]),
    // The CSV exports: resource routes streaming the API's file (outside the layout: no page around a download).
    route('commandes/export.csv', 'sales/orders-csv.route.ts'),
    route('billetteries/:ticketingId/participants.csv', 'sales/attendees-csv.route.ts'),
    route('commandes/:orderId/avoirs/:creditNote', 'sales/credit-note.route.ts'),
  ]),
  // The platform administrators' back office (issue 27): deals, contest games, Le Mag, surveys, redirects.
  ...adminRoutes,
  // The installed door app's start page: the first organiser's scopes.
  route('controle', 'door/door-home.route.tsx'),
  route('*', 'shell/not-found.route.tsx'),
] satisfies RouteConfig;
