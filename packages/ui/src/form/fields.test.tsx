// @vitest-environment jsdom
import { MASKS, rule } from '@guichet/domain';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckboxField } from './checkbox-field';
import { SelectField } from './select-field';
import { TextField } from './text-field';
import { ValidatedForm } from './validated-form';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const SUBJECTS = [
  { value: 'billetterie', label: 'Une billetterie' },
  { value: 'autre', label: 'Autre chose' },
];

/** The label element of a control, asterisk included. */
function labelOf(input: HTMLElement): HTMLLabelElement {
  const label = document.querySelector<HTMLLabelElement>(`label[for="${input.id}"]`);
  if (!label) throw new Error(`no label for #${input.id}`);
  return label;
}

/** Server-rendered HTML as a document, to read it as a browser would. */
function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

function describedBy(input: HTMLElement): string[] {
  return (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
}

describe('required labels', () => {
  it('get an asterisk hidden from screen readers, and the input is required', () => {
    render(<TextField name="email" label="Adresse e-mail" rules={[rule.required(), rule.email()]} />);
    const input = screen.getByLabelText(/Adresse e-mail/);
    const asterisk = labelOf(input).querySelector('[aria-hidden="true"]');
    expect(asterisk?.textContent).toBe('*');
    expect(input.hasAttribute('required')).toBe(true);
    expect(input.getAttribute('aria-required')).toBe('true');
  });

  it('are plain for optional fields', () => {
    render(<TextField name="phone" label="Téléphone" rules={[rule.phone(10)]} />);
    const input = screen.getByLabelText('Téléphone');
    expect(labelOf(input).textContent).toBe('Téléphone');
    expect(input.hasAttribute('required')).toBe(false);
    expect(input.hasAttribute('aria-required')).toBe(false);
  });

  it('follow the required flag as well as the rules', () => {
    render(<TextField name="city" label="Ville" required />);
    expect(labelOf(screen.getByLabelText(/Ville/)).textContent).toBe('Ville*');
  });

  it('are labels of their control (for/id)', () => {
    render(<TextField name="email" label="Adresse e-mail" />);
    const input = screen.getByLabelText('Adresse e-mail');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('name')).toBe('email');
  });
});

describe('validation as you type', () => {
  it('shows the message 200 ms after the last keystroke, not before', () => {
    vi.useFakeTimers();
    render(<TextField name="email" label="Adresse e-mail" type="email" rules={[rule.required(), rule.email()]} />);
    const input = screen.getByLabelText(/Adresse e-mail/);
    fireEvent.input(input, { target: { value: 'camille' } });
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByText('Veuillez saisir une adresse e-mail valide.')).toBeNull();
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Veuillez saisir une adresse e-mail valide.')).not.toBeNull();
  });

  it('waits again at each keystroke, and clears the message once the value is valid', () => {
    vi.useFakeTimers();
    render(<TextField name="email" label="Adresse e-mail" rules={[rule.email()]} />);
    const input = screen.getByLabelText('Adresse e-mail');
    fireEvent.input(input, { target: { value: 'c' } });
    act(() => vi.advanceTimersByTime(150));
    fireEvent.input(input, { target: { value: 'ca' } });
    act(() => vi.advanceTimersByTime(150));
    expect(screen.queryByText('Veuillez saisir une adresse e-mail valide.')).toBeNull();
    act(() => vi.advanceTimersByTime(50));
    expect(screen.queryByText('Veuillez saisir une adresse e-mail valide.')).not.toBeNull();
    fireEvent.input(input, { target: { value: 'camille@guichet.test' } });
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Veuillez saisir une adresse e-mail valide.')).toBeNull();
  });

  it('takes another delay when asked', () => {
    vi.useFakeTimers();
    render(<TextField name="n" label="Nombre" rules={[rule.integer()]} debounceMs={500} />);
    fireEvent.input(screen.getByLabelText('Nombre'), { target: { value: '1,5' } });
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByText('Veuillez saisir un chiffre entier.')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Veuillez saisir un chiffre entier.')).not.toBeNull();
  });
});

describe('validation on blur', () => {
  it('is immediate', () => {
    vi.useFakeTimers();
    render(<TextField name="name" label="Votre nom" rules={[rule.required()]} />);
    const input = screen.getByLabelText(/Votre nom/);
    fireEvent.blur(input);
    expect(screen.getByText('Veuillez renseigner ce champ.')).not.toBeNull();
  });

  it('cancels the pending debounced check', () => {
    vi.useFakeTimers();
    render(<TextField name="email" label="Adresse e-mail" rules={[rule.email()]} />);
    const input = screen.getByLabelText('Adresse e-mail');
    fireEvent.input(input, { target: { value: 'camille' } });
    fireEvent.input(input, { target: { value: 'camille@guichet.test' } });
    fireEvent.blur(input);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByText('Veuillez saisir une adresse e-mail valide.')).toBeNull();
  });
});

describe('messages and assistive technologies', () => {
  it('tie the message to the input with aria-describedby and aria-invalid', () => {
    render(<TextField name="email" label="Adresse e-mail" rules={[rule.email()]} hint="Pour vous répondre." />);
    const input = screen.getByLabelText('Adresse e-mail');
    const hint = screen.getByText('Pour vous répondre.');
    expect(describedBy(input)).toEqual([hint.id]);
    fireEvent.input(input, { target: { value: 'camille' } });
    fireEvent.blur(input);
    const message = screen.getByText('Veuillez saisir une adresse e-mail valide.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toEqual([hint.id, message.id]);
    expect(message.id).not.toBe('');

    fireEvent.input(input, { target: { value: 'camille@guichet.test' } });
    fireEvent.blur(input);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(describedBy(input)).toEqual([hint.id]);
  });

  it('keep a hint holding a list whole in the server’s HTML, so the control is described by it before hydration', () => {
    const page = parse(
      renderToStaticMarkup(
        <SelectField
          name="role"
          label="Rôle"
          options={SUBJECTS}
          hint={
            <ul>
              <li>Propriétaire : gère tout.</li>
              <li>Contrôleur : scanne les billets.</li>
            </ul>
          }
        />,
      ),
    );
    const select = page.querySelector('select') as HTMLSelectElement;
    const [hintId] = describedBy(select);
    expect(page.getElementById(hintId ?? '')?.textContent).toBe(
      'Propriétaire : gère tout.Contrôleur : scanne les billets.',
    );
  });
});

describe('SelectField', () => {
  it('is required when flagged required and not disabled', () => {
    render(<SelectField name="subject" label="Sujet" options={SUBJECTS} placeholder="Choisissez" required />);
    const select = screen.getByLabelText(/Sujet/);
    expect(select.hasAttribute('required')).toBe(true);
    expect(labelOf(select).textContent).toBe('Sujet*');
  });

  it('is not required when disabled, even if flagged, and is not validated', () => {
    render(<SelectField name="subject" label="Sujet" options={SUBJECTS} placeholder="Choisissez" required disabled />);
    const select = screen.getByLabelText('Sujet');
    expect(select.hasAttribute('required')).toBe(false);
    expect(select.hasAttribute('aria-required')).toBe(false);
    expect(labelOf(select).textContent).toBe('Sujet');
    fireEvent.blur(select);
    expect(screen.queryByText('Veuillez renseigner ce champ.')).toBeNull();
  });

  it('is not required when not flagged', () => {
    render(<SelectField name="subject" label="Sujet" options={SUBJECTS} placeholder="Choisissez" />);
    expect(screen.getByLabelText('Sujet').hasAttribute('required')).toBe(false);
  });

  it('validates on blur, not on change; a new choice then clears the message at once', () => {
    render(<SelectField name="subject" label="Sujet" options={SUBJECTS} placeholder="Choisissez" required />);
    const select = screen.getByLabelText(/Sujet/) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '' } });
    expect(screen.queryByText('Veuillez renseigner ce champ.')).toBeNull();
    fireEvent.blur(select);
    expect(screen.getByText('Veuillez renseigner ce champ.')).not.toBeNull();
    expect(select.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(select, { target: { value: 'autre' } });
    expect(screen.queryByText('Veuillez renseigner ce champ.')).toBeNull();
  });
});

describe('CheckboxField', () => {
  it('asks for the box to be ticked, at once', () => {
    render(<CheckboxField name="consent" label="J'accepte" rules={[rule.checked()]} />);
    const box = screen.getByLabelText(/J'accepte/) as HTMLInputElement;
    expect(labelOf(box).textContent).toBe("J'accepte*");
    expect(box.hasAttribute('required')).toBe(true);
    fireEvent.click(box);
    expect(screen.queryByText('Veuillez cocher cette case.')).toBeNull();
    fireEvent.click(box);
    expect(screen.getByText('Veuillez cocher cette case.')).not.toBeNull();
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('masks', () => {
  it('format the digits typed into a phone number', async () => {
    render(<TextField name="phone" label="Téléphone" type="tel" mask={MASKS.phone} rules={[rule.phone(10)]} />);
    const input = screen.getByLabelText('Téléphone') as HTMLInputElement;
    fireEvent.input(input, { target: { value: '0612345678' } });
    expect(input.value).toBe('06 12 34 56 78');
    fireEvent.input(input, { target: { value: '06123456789999' } });
    expect(input.value).toBe('06 12 34 56 78');
    fireEvent.blur(input);
    expect(screen.queryByText(/numéro de téléphone/)).toBeNull();
  });

  it('keep only digits in a postal code and a card number', () => {
    render(
      <>
        <TextField name="postalCode" label="Code postal" mask={MASKS.postalCode} />
        <TextField name="card" label="Carte" mask={MASKS.card} />
      </>,
    );
    const postalCode = screen.getByLabelText('Code postal') as HTMLInputElement;
    fireEvent.input(postalCode, { target: { value: '75a0012' } });
    expect(postalCode.value).toBe('75001');
    const card = screen.getByLabelText('Carte') as HTMLInputElement;
    fireEvent.input(card, { target: { value: '4242424242424242' } });
    expect(card.value).toBe('4242 4242 4242 4242');
  });

  it('format a value already there when the mask starts', async () => {
    render(<TextField name="phone" label="Téléphone" type="tel" mask={MASKS.phone} defaultValue="0612345678" />);
    const input = screen.getByLabelText('Téléphone') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('06 12 34 56 78'));
  });

  it('are not in the server-rendered HTML: without JavaScript the field is a plain input', () => {
    const page = parse(
      renderToStaticMarkup(<TextField name="phone" label="Téléphone" type="tel" mask={MASKS.phone} />),
    );
    const input = page.querySelector('input[name="phone"]');
    expect(input?.getAttribute('type')).toBe('tel');
    expect(page.body.innerHTML).not.toContain('maska');
  });
});

const formRules = {
  name: [rule.required()],
  email: [rule.required(), rule.email()],
  subject: [rule.required()],
  consent: [rule.checked()],
};

function FeedbackFields() {
  return (
    <>
      <TextField name="name" label="Votre nom" />
      <TextField name="email" label="Adresse e-mail" type="email" />
      <SelectField name="subject" label="Sujet" options={SUBJECTS} placeholder="Choisissez" />
      <CheckboxField name="consent" label="J'accepte" />
    </>
  );
}

function FeedbackForm() {
  return (
    <ValidatedForm rules={formRules}>
      <FeedbackFields />
      <button type="submit">Envoyer</button>
    </ValidatedForm>
  );
}

/** The form as the server renders it after refusing a submission. */
function RefusedFeedbackForm() {
  return (
    <ValidatedForm
      rules={formRules}
      reply={{
        errors: { email: 'Veuillez saisir une adresse e-mail valide.', consent: 'Veuillez cocher cette case.' },
        values: { name: 'Camille', email: 'camille', subject: 'autre' },
      }}
    >
      <FeedbackFields />
    </ValidatedForm>
  );
}

describe('ValidatedForm', () => {
  function renderForm(action = vi.fn(() => ({ ok: true }))) {
    const Stub = createRoutesStub([{ path: '/', action, Component: FeedbackForm }]);
    render(<Stub initialEntries={['/']} />);
    return action;
  }

  it('takes the required flags from the form’s rules', async () => {
    renderForm();
    expect(labelOf(await screen.findByLabelText(/Votre nom/)).textContent).toBe('Votre nom*');
    expect(labelOf(screen.getByLabelText(/Sujet/)).textContent).toBe('Sujet*');
    const form = document.querySelector('form');
    expect(form?.noValidate).toBe(true);
    expect(form?.getAttribute('method')).toBe('post');
  });

  it('shows every message on submit, stops it, and focuses the first invalid field', async () => {
    const action = renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer' }));
    expect(screen.getAllByText('Veuillez renseigner ce champ.')).toHaveLength(3);
    expect(screen.getByText('Veuillez cocher cette case.')).not.toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText(/Votre nom/));
    expect(action).not.toHaveBeenCalled();
  });

  it('submits a valid form to the action', async () => {
    const action = renderForm();
    fireEvent.input(await screen.findByLabelText(/Votre nom/), { target: { value: 'Camille' } });
    fireEvent.input(screen.getByLabelText(/Adresse e-mail/), { target: { value: 'camille@guichet.test' } });
    fireEvent.change(screen.getByLabelText(/Sujet/), { target: { value: 'autre' } });
    fireEvent.click(screen.getByLabelText(/J'accepte/));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Veuillez renseigner ce champ.')).toBeNull();
  });

  it('renders the server’s messages and values without JavaScript', () => {
    const Stub = createRoutesStub([{ path: '/', Component: RefusedFeedbackForm }]);
    const page = parse(renderToStaticMarkup(<Stub initialEntries={['/']} />));
    const form = page.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.noValidate).toBe(true);
    expect(page.querySelector<HTMLInputElement>('input[name="name"]')?.value).toBe('Camille');
    const email = page.querySelector<HTMLInputElement>('input[name="email"]');
    expect(email?.value).toBe('camille');
    expect(email?.getAttribute('aria-invalid')).toBe('true');
    expect(page.getElementById(email?.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Veuillez saisir une adresse e-mail valide.',
    );
    const consent = page.querySelector<HTMLInputElement>('input[name="consent"]');
    expect(page.getElementById(consent?.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Veuillez cocher cette case.',
    );
    expect(page.querySelector<HTMLSelectElement>('select[name="subject"]')?.value).toBe('autre');
  });
});
