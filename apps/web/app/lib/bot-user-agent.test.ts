import { describe, expect, it } from 'vitest';
import { isCrawler } from './bot-user-agent';

describe('isCrawler', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  ])('recognises %s', (userAgent) => {
    expect(isCrawler(userAgent)).toBe(true);
  });

  it.each([
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'curl/8.5.0',
    'Wget/1.21.4',
  ])('lets %s see the error page', (userAgent) => {
    expect(isCrawler(userAgent)).toBe(false);
  });

  it('needs a user agent', () => {
    expect(isCrawler(null)).toBe(false);
  });
});
