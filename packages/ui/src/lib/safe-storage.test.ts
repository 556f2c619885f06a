// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { persistentSessionStorage, SESSION_STORAGE_FALLBACK_SCRIPT } from './safe-storage';

const original = Object.getOwnPropertyDescriptor(window, 'sessionStorage');
afterEach(() => {
  if (original) Object.defineProperty(window, 'sessionStorage', original);
});

/** A browser refusing storage: reading `window.sessionStorage` throws, as Chromium does in a blocked iframe. */
function refuseStorage() {
  Object.defineProperty(window, 'sessionStorage', {
    configurable: true,
    get() {
      throw new DOMException("Failed to read the 'sessionStorage' property from 'Window'", 'SecurityError');
    },
  });
}

const runScript = () => new Function(SESSION_STORAGE_FALLBACK_SCRIPT)();

describe('the sessionStorage fallback', () => {
  it('leaves a working storage alone', () => {
    const storage = window.sessionStorage;
    runScript();
    expect(window.sessionStorage).toBe(storage);
    expect(persistentSessionStorage()).toBe(storage);
  });

  it('gives a refused storage an in-memory stand-in, so that no access throws', () => {
    refuseStorage();
    expect(() => window.sessionStorage).toThrow();
    runScript();
    // What React Router's scroll restoration does on every page, and its catch's removeItem.
    expect(() => JSON.parse(window.sessionStorage.getItem('react-router-scroll-positions') || '{}')).not.toThrow();
    window.sessionStorage.setItem('clé', '1');
    expect(window.sessionStorage.getItem('clé')).toBe('1');
    expect(window.sessionStorage.length).toBe(1);
    window.sessionStorage.removeItem('clé');
    expect(window.sessionStorage.getItem('clé')).toBeNull();
  });

  it('says there is no storage that outlives a reload when refused or only in memory', () => {
    refuseStorage();
    expect(persistentSessionStorage()).toBeNull();
    runScript();
    expect(persistentSessionStorage()).toBeNull();
  });
});
