import { BUILD_ID } from './build';

/** The build id the server runs, polled by open pages to notice a new deployment. */
export function loader() {
  return Response.json({ buildId: BUILD_ID }, { headers: { 'Cache-Control': 'no-store' } });
}
