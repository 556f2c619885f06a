import { rule } from '@guichet/domain';
import { describe, expect, it } from 'vitest';
import { readForm } from './read-form.server';

// The kit's parseForm is tested in @guichet/ui (form-validation.test.ts); here, both sites' door to it.
const loginRules = {
  email: [rule.required(), rule.email()],
  password: [rule.required()],
};

describe('readForm', () => {
  it('reads a request in a route action', async () => {
    const request = new Request('http://localhost/styleguide', {
      method: 'POST',
      body: new URLSearchParams({
        email: 'camille@guichet.test',
        password: 'a',
      }),
    });
    const result = await readForm(request, loginRules);
    expect(result.ok).toBe(true);
    expect(result.values?.email).toBe('camille@guichet.test');
  });
});
