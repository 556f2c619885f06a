import { describe, expect, it } from 'vitest';
import { LINK_PROTOCOLS } from '../constants.js';
import { cleanHref, hrefScheme, isAllowedHref, linkHrefFromInput, pastedLinkHref } from './links.js';

describe('LINK_PROTOCOLS', () => {
  it('are the spec’s schemes', () => {
    expect(LINK_PROTOCOLS).toEqual(['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp']);
  });
});

describe('isAllowedHref', () => {
  it('accepts every allowed scheme, in any case', () => {
    for (const href of [
      'http://guichet.fr',
      'https://guichet.fr/agenda?ville=lyon#concerts',
      'ftp://files.guichet.fr/programme.pdf',
      'ftps://files.guichet.fr',
      'mailto:contact@guichet.fr',
      'tel:+33612345678',
      'callto:camille',
      'sms:+33612345678',
      'cid:image001@guichet',
      'xmpp:camille@guichet.fr',
      'HTTPS://GUICHET.FR',
      '  https://guichet.fr  ',
    ]) {
      expect(isAllowedHref(href), href).toBe(true);
    }
  });

  it('refuses script and data schemes however they are disguised', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'java\nscript:alert(1)',
      'java\tscript:alert(1)',
      'java\rscript:alert(1)',
      '\u0000javascript:alert(1)',
      'javas\u0000cript:alert(1)',
      'java\u200bscript:alert(1)',
      '\ufeffjavascript:alert(1)',
      'javascript\u00a0:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'blob:https://guichet.fr/1',
    ]) {
      expect(isAllowedHref(href), JSON.stringify(href)).toBe(false);
    }
  });

  it('refuses encoded schemes (they are no scheme at all) and relative URLs', () => {
    for (const href of [
      'javascript&#58;alert(1)',
      'javascript&colon;alert(1)',
      'javascript%3Aalert(1)',
      '/agenda',
      '//evil.example',
      'page.html',
      '#top',
      '',
    ]) {
      expect(isAllowedHref(href), href).toBe(false);
    }
  });

  it('refuses what is no string', () => {
    for (const href of [undefined, null, 42, { toString: () => 'https://x.fr' }, ['https://x.fr']]) {
      expect(isAllowedHref(href)).toBe(false);
    }
  });
});

describe('hrefScheme and cleanHref', () => {
  it('find the scheme a browser would see', () => {
    expect(hrefScheme('HtTpS://x.fr')).toBe('https');
    expect(hrefScheme('j\na\tv\ra script:x')).toBe('javascript');
    expect(hrefScheme('/relative:thing')).toBeNull();
  });
  it('remove controls and outer spaces, keep the rest', () => {
    expect(cleanHref('  https://x.fr/a\nb  ')).toBe('https://x.fr/ab');
    expect(cleanHref('https://x.fr/a b')).toBe('https://x.fr/a b');
  });
});

describe('linkHrefFromInput', () => {
  it('keeps allowed URLs', () => {
    expect(linkHrefFromInput(' https://guichet.fr/agenda ')).toBe('https://guichet.fr/agenda');
    expect(linkHrefFromInput('mailto:contact@guichet.fr')).toBe('mailto:contact@guichet.fr');
    expect(linkHrefFromInput('tel:+33612345678')).toBe('tel:+33612345678');
  });
  it('completes bare host names in https and e-mail addresses in mailto:', () => {
    expect(linkHrefFromInput('guichet.fr')).toBe('https://guichet.fr');
    expect(linkHrefFromInput('www.guichet.fr/agenda?ville=lyon')).toBe('https://www.guichet.fr/agenda?ville=lyon');
    expect(linkHrefFromInput('guichet.fr:8080/x')).toBe('https://guichet.fr:8080/x');
    expect(linkHrefFromInput('//guichet.fr')).toBe('https://guichet.fr');
    expect(linkHrefFromInput('contact@guichet.fr')).toBe('mailto:contact@guichet.fr');
  });
  it('refuses other schemes, relative paths and words', () => {
    for (const input of [
      'javascript:alert(1)',
      'JAVA\nSCRIPT:alert(1)',
      'data:text/html,x',
      '/agenda',
      'bonjour',
      '',
      '   ',
      42,
    ]) {
      expect(linkHrefFromInput(input), String(input)).toBeNull();
    }
  });
});

describe('pastedLinkHref (pasting a whole link makes a link)', () => {
  it('gives the href of a pasted link', () => {
    expect(pastedLinkHref('https://guichet.fr/agenda')).toBe('https://guichet.fr/agenda');
    expect(pastedLinkHref('  https://guichet.fr  ')).toBe('https://guichet.fr');
    expect(pastedLinkHref('www.guichet.fr')).toBe('https://www.guichet.fr');
    expect(pastedLinkHref('contact@guichet.fr')).toBe('mailto:contact@guichet.fr');
    expect(pastedLinkHref('tel:+33612345678')).toBe('tel:+33612345678');
  });
  it('leaves other texts alone', () => {
    for (const text of [
      'voir https://guichet.fr',
      'https://guichet.fr et plus',
      'javascript:alert(1)',
      'data:text/html,x',
      'index.html',
      'guichet.fr',
      'mailto:',
      'bonjour',
      '',
      undefined,
    ]) {
      expect(pastedLinkHref(text), String(text)).toBeNull();
    }
  });
});
