import { data } from 'react-router';
import { ErrorPage } from './error-page';

/** Every unknown path: 404, shown by the root ErrorBoundary. */
export function loader() {
  throw data(null, { status: 404 });
}

// Never rendered (the loader always throws); it keeps this a page route rather than a resource route.
export default function NotFound() {
  return <ErrorPage status={404} />;
}
