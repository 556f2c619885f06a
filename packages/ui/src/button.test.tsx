// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';

afterEach(cleanup);

describe('Button', () => {
  it('while loading, keeps its place in the keyboard order and refuses a second submission', () => {
    const submitted = vi.fn((event: Event) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={(event) => submitted(event.nativeEvent)}>
        <Button type="submit">Ajouter au panier</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Ajouter au panier' });
    fireEvent.click(button);
    expect(submitted).toHaveBeenCalledTimes(1);

    rerender(
      <form onSubmit={(event) => submitted(event.nativeEvent)}>
        <Button type="submit" loading>
          Ajouter au panier
        </Button>
      </form>,
    );
    // A disabled button would drop the focus to the page's body (Chromium): it stays enabled, said busy.
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('still runs its own action when not loading, and can be disabled outright', () => {
    const clicked = vi.fn();
    const { rerender } = render(<Button onClick={clicked}>Copier</Button>);
    fireEvent.click(screen.getByRole('button', { name: 'Copier' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    rerender(
      <Button onClick={clicked} disabled>
        Copier
      </Button>,
    );
    expect((screen.getByRole('button', { name: 'Copier' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
