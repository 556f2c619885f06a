import { api, expect, logIn, newAccount, PASSWORD, test } from './fixtures';

/**
 * Answers any API endpoint may give, declared or not (issue 22, decision 0039): a session ended elsewhere is
 * sent to log in, and back, never shown as an outage. (The 429 of the card form is tested against a stand-in
 * API in apps/web/app/checkout/payment.route.test.ts: this suite's API runs without its abuse limits.)
 */
test('a download after the password was changed elsewhere goes to log in, then back to it', async ({ page }) => {
  const email = await newAccount({ label: 'sessions-fermees', lastname: 'Ailleurs' });
  await page.goto('/auth/login');
  await logIn(page, email);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Inès' })).toBeVisible();

  // Another device changes the password: every session of the account ends, this browser's included.
  const tokens = await api<{ accessToken: string }>('/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { id } = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
    id: number;
  };
  await api(`/account/${id}/password`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.accessToken}` },
    body: JSON.stringify({ currentPassword: PASSWORD, newPassword: `${PASSWORD}-nouveau` }),
  });

  // The download's contract declares no 401: it was « Service indisponible » (503).
  const response = await page.request.get('/download/billets.pdf?order=1', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/auth/login');
  await page.goto('/download/billets.pdf?order=1').catch(() => {});
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();
  // Logged in again, the visitor is brought back to the download (order 1 is not theirs: its page says so).
  await logIn(page, email, `${PASSWORD}-nouveau`);
  await expect(page).toHaveURL(/\/download\?order=1/);
});
