import { rule } from '@guichet/domain';
import { describe, expect, it } from 'vitest';
import { readForm } from './read-form.server';

// The form's rules are the kit's (@guichet/ui/form-validation, tested there); here, the web's door to them.
const registerRules = {
  email: [rule.required(), rule.email()],
  password: [rule.required()],
  passwordConfirmation: [rule.required(), rule.sameAs('password')],
  phone: [rule.phone(10)],
  terms: [rule.checked()],
};

describe('readForm', () => {
  it('reads a request in a route action', async () => {
    const request = new Request('http://localhost/styleguide', {
      method: 'POST',
      body: new URLSearchParams({
        email: 'camille@guichet.test',
        password: 'a',
        passwordConfirmation: 'a',
        terms: 'on',
      }),
    });
    const result = await readForm(request, registerRules);
    expect(result.ok).toBe(true);
    expect(result.values?.email).toBe('camille@guichet.test');
  });
});
