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
      index('organizer/dashboard.route.tsx'),
      // Ticketings and their products (issue 25): list, create, edit (with its state buttons, duplicate,
      // preview and visuals), products.
      route('billetteries', 'ticketings/list.route.tsx'),
      route('billetteries/nouvelle', 'ticketings/new.route.tsx'),
      route('billetteries/:ticketingId', 'ticketings/edit.route.tsx'),
      route('billetteries/:ticketingId/visuels', 'ticketings/upload.route.tsx'),
      route('billetteries/:ticketingId/tarifs', 'ticketings/products.route.tsx'),
    ]),
  ]),
  route('*', 'shell/not-found.route.tsx'),
] satisfies RouteConfig;
