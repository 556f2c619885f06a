import { serverEnv } from '../lib/server/env.server';
import { robotsTxt } from './robots-and-sitemap';

/** /robots.txt: private, transactional and embedded pages stay out of search engines; the site map lists the rest. */
export function loader() {
  return new Response(robotsTxt(serverEnv.SITE_URL), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}
