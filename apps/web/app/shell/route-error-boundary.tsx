import { LoadingBar } from '@guichet/ui/loading-bar';
import { useRouteError } from 'react-router';
import { errorStatus, refusalText } from '../lib/meta';
import { notFoundText } from '../lib/route-params';
import { ErrorPage } from './error-page';

/**
 * The error page in place of one page whose data could not be loaded (the API unreachable, a 404): the
 * layout around it — header, navigation, footer — stays, so the visitor can go elsewhere. Route modules
 * that load data export it as their ErrorBoundary; anything else still reaches the root's.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  const explanation = refusalText(error) ?? notFoundText(error);
  return (
    <>
      <LoadingBar failed />
      <ErrorPage status={errorStatus(error)} details={details} explanation={explanation} />
    </>
  );
}
