import { useRouteLoaderData } from 'react-router';
import type { loader } from '../../root';

/** The root loader's data ({ env, user }); undefined when the root loader itself failed. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>('root');
}
