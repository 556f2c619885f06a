/** The provider PAYMENT_PROVIDER names: Stripe when its keys are set, otherwise the demo's test cards. */
import type { Database } from '../../db/client.js';
import type { ApiEnv } from '../../env.js';
import { demoProvider } from './demo-provider.js';
import type { PaymentProvider } from './provider.js';
import type { OrderLinks } from './signatures.js';
import { stripeProvider } from './stripe-provider.js';

export function createPaymentProvider(
  env: Pick<ApiEnv, 'PAYMENT_PROVIDER' | 'SITE_URL' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>,
  links: OrderLinks,
  db: Database,
): PaymentProvider {
  if (env.PAYMENT_PROVIDER === 'stripe') {
    const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = env;
    // parseEnv refuses 'stripe' without both keys; this only tells the compiler.
    if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) throw new Error('Stripe demande ses deux clés');
    return stripeProvider({
      secretKey: STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      siteUrl: env.SITE_URL,
      links,
    });
  }
  return demoProvider(env.SITE_URL, links, db);
}
