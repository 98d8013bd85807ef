// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkbox, Input } from './field';

/** A form that, like ours, decides its errors on submit only: a name is required, the terms accepted. */
function SignupLike() {
  const [errors, setErrors] = useState<{ name?: string; terms?: string }>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setErrors({
      name: String(form.get('name') ?? '').trim() ? undefined : 'Indiquez votre nom.',
      terms: form.get('terms') === 'on' ? undefined : 'Acceptez les conditions.',
    });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Input name="name" required label="Nom" error={errors.name} />
      <Checkbox name="terms" required label="Conditions" error={errors.terms} />
      <button type="submit">Envoyer</button>
    </form>
  );
}

afterEach(cleanup);

describe('a field’s error', () => {
  it('clears as soon as the field becomes valid, and comes back if it is made invalid again', () => {
    render(<SignupLike />);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    const name = screen.getByRole('textbox', { name: 'Nom' });
    expect(screen.getByText('Indiquez votre nom.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(name, { target: { value: 'Ada' } });
    expect(screen.queryByText('Indiquez votre nom.')).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(name.getAttribute('aria-describedby')).toBeNull();
    // The other field's error stays: it is still refused.
    expect(screen.getByText('Acceptez les conditions.')).toBeTruthy();

    fireEvent.change(name, { target: { value: '' } });
    expect(screen.getByText('Indiquez votre nom.')).toBeTruthy();
  });

  it('clears on a checkbox once it is checked', () => {
    render(<SignupLike />);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Conditions' }));
    expect(screen.queryByText('Acceptez les conditions.')).toBeNull();
  });

  it('shows again after the next submission when the form still refuses the field', () => {
    render(<SignupLike />);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    // Spaces pass the control's own "required" but not the form's rule: hidden while editing, shown on submit.
    fireEvent.change(screen.getByRole('textbox', { name: 'Nom' }), { target: { value: '   ' } });
    expect(screen.queryByText('Indiquez votre nom.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(screen.getByText('Indiquez votre nom.')).toBeTruthy();
  });
});
