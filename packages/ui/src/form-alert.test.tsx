// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { FormAlert } from './form-alert';

afterEach(cleanup);

describe('FormAlert', () => {
  it('takes the focus when it answers a submission, and again after the next one', () => {
    const { rerender } = render(
      <>
        <button type="submit">Se connecter</button>
        <FormAlert key="attempt-1" focus>
          Adresse e-mail ou mot de passe incorrect.
        </FormAlert>
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('alert'));

    screen.getByRole('button').focus();
    rerender(
      <>
        <button type="submit">Se connecter</button>
        <FormAlert key="attempt-2" focus>
          Adresse e-mail ou mot de passe incorrect.
        </FormAlert>
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('alert'));
  });

  it('is focused by the browser on a page served without JavaScript (autofocus)', () => {
    const html = renderToStaticMarkup(<FormAlert focus>Service indisponible.</FormAlert>);
    expect(html).toMatch(/<div[^>]*role="alert"[^>]*>/);
    expect(html).toContain('tabindex="-1"');
    expect(html).toContain('autofocus=""');
  });

  it('leaves the focus alone otherwise', () => {
    render(<FormAlert>Ce lien de réinitialisation est invalide ou a expiré.</FormAlert>);
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByRole('alert').hasAttribute('tabindex')).toBe(false);
  });
});
