/** Who takes the card: `demo` (test cards on the site's own page) or Stripe Checkout. */
export const PAYMENT_PROVIDERS = ['demo', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * The provider in use, read the same way by the API and the web from their environment: PAYMENT_PROVIDER
 * when set, else Stripe when its secret key is, else the demo.
 */
export function paymentProviderOf(env: {
  PAYMENT_PROVIDER?: PaymentProvider | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
}): PaymentProvider {
  return env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'demo');
}

/**
 * The origin of the page where a provider takes the card, when it is not the site's own: the checkout
 * form is answered by a redirect there, which the site's CSP `form-action` must allow.
 */
export const PAYMENT_PAGE_ORIGIN: Readonly<Record<PaymentProvider, string | null>> = {
  demo: null,
  stripe: 'https://checkout.stripe.com',
};
