import { PRO_PATHS } from '@guichet/domain';
import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

/** The pro site's one route table. Paths named elsewhere (the public header's link) come from PRO_PATHS. */
export default [
  // The organiser's dashboard (its shell for now).
  index('dashboard/home.route.tsx'),
  route(PRO_PATHS.login, 'account/login.route.tsx'),
  // « Ouvrir une billetterie »: the public header links here.
  route(PRO_PATHS.signup, 'account/signup.route.tsx'),
  // One organiser's pages (the layout checks the person works for it): /organisateurs/:organizerId/…
  ...prefix('organisateurs/:organizerId', [
    layout('organizer/organizer-layout.route.tsx', [
      // Following the sales: the dashboard, the orders, a ticketing's sales and its embed code (apps/pro/app/sales).
      index('organizer/dashboard.route.tsx'),
      route('commandes', 'sales/orders.route.tsx'),
      route('commandes/:orderId', 'sales/order.route.tsx'),
      route('billetteries/:ticketingId/ventes', 'sales/ticketing-sales.route.tsx'),
      route('billetteries/:ticketingId/integration', 'sales/ticketing-embed.route.tsx'),
    ]),
    // The CSV exports: resource routes streaming the API's file (outside the layout: no page around a download).
    route('commandes/export.csv', 'sales/orders-csv.route.ts'),
    route('billetteries/:ticketingId/participants.csv', 'sales/attendees-csv.route.ts'),
  ]),
  route('*', 'shell/not-found.route.tsx'),
] satisfies RouteConfig;
