import { isbot } from 'isbot';

/** Command-line HTTP clients are driven by a person (a developer, a test), not by a crawler. */
const COMMAND_LINE_CLIENT = /^(curl|wget|httpie)\//i;

/** Search engines and other crawlers: they get an error's status without the error page. */
export function isCrawler(userAgent: string | null): boolean {
  return userAgent !== null && isbot(userAgent) && !COMMAND_LINE_CLIENT.test(userAgent);
}
