import { redirect } from 'react-router';
import { describe, expect, it } from 'vitest';
import { keepCseJourney } from './cse-journey.server';

const post = (url: string) => new Request(`http://guichet.test${url}`, { method: 'POST' });

describe('keepCseJourney', () => {
  it('carries type=CSE and cseID onto every internal redirect answered in CSE mode', () => {
    // « Acheter » from /cart?type=CSE, logged out: the login page, still in CSE mode.
    expect(keepCseJourney(post('/cart/items?type=CSE&cseID=12'), redirect('/auth/login')).headers.get('Location')).toBe(
      '/auth/login?type=CSE&cseID=12',
    );
    // After logging in: back to the cart; after paying: the download page, its own query kept.
    expect(keepCseJourney(post('/auth/login?cseID=7'), redirect('/cart')).headers.get('Location')).toBe(
      '/cart?cseID=7',
    );
    expect(
      keepCseJourney(post('/payment?order=3&type=CSE'), redirect('/download?order=3&sig=abc', 303)).headers.get(
        'Location',
      ),
    ).toBe('/download?order=3&sig=abc&type=CSE');
  });

  it('keeps the status and the cookies of the redirect', () => {
    const answer = redirect('/cart', { status: 303, headers: { 'Set-Cookie': 'guichet_cart=1' } });
    const kept = keepCseJourney(post('/cart/items?type=CSE'), answer);
    expect(kept.status).toBe(303);
    expect(kept.headers.get('Set-Cookie')).toBe('guichet_cart=1');
  });

  it('leaves other visitors, other answers and other sites alone', () => {
    const plain = redirect('/auth/login');
    expect(keepCseJourney(post('/cart/items'), plain)).toBe(plain);
    const page = new Response('ok');
    expect(keepCseJourney(post('/cart?type=CSE'), page)).toBe(page);
    expect(
      keepCseJourney(post('/payment?type=CSE'), redirect('https://checkout.stripe.com/c/pay')).headers.get('Location'),
    ).toBe('https://checkout.stripe.com/c/pay');
  });
});
