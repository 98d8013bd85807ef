// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type * as AuthSchemas from '#contract/auth';
import { AppError } from '#contract/errors';
import { serverTranslator } from '~/platform/i18n.server';
import { TranslationProvider } from '~/platform/translation';
import { Input } from '~/ui/field';
import { toasts } from '~/ui/toast-store';
import { useForm, type FormOptions } from './use-form';

/** The server refusing the e-mail field, as the callable client hands it over. */
const emailRefused = new AppError('invalid-argument', 'refused', {
  fields: [{ path: 'email', message: 'emailInvalid' }],
});

/** A form with one field, an e-mail, whose submission fails with `failure`. */
function OneFieldForm({
  failure,
  options = {},
  onFailure,
}: {
  failure: unknown;
  options?: Partial<FormOptions>;
  onFailure?: (error: unknown) => boolean;
}) {
  const form = useForm({ namespace: 'profile', ...options });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.run(() => Promise.reject(failure), undefined, { onFailure });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Input name="name" label="Name" />
      <Input name="email" label="E-mail" error={form.errorOf('email')} />
      <button type="submit" disabled={form.pending}>
        Send
      </button>
      {form.failure ? <p role="alert">{form.failure}</p> : null}
    </form>
  );
}

function renderInEnglish(ui: React.ReactNode) {
  render(<TranslationProvider translator={serverTranslator('en')}>{ui}</TranslationProvider>);
}

async function submit() {
  const send = screen.getByRole('button', { name: 'Send' });
  send.focus();
  await act(async () => fireEvent.click(send));
}

function toastsSince(before: number) {
  return toasts
    .getSnapshot()
    .slice(before)
    .map((toast) => toast.title);
}

afterEach(cleanup);

describe('a form’s submission (useForm)', () => {
  it('shows a refused field beside it, marked invalid and focused, with no toast', async () => {
    renderInEnglish(<OneFieldForm failure={emailRefused} />);
    const before = toasts.getSnapshot().length;
    await submit();
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(screen.getByText('Enter a valid e-mail address, for example name@example.com.')).toBeTruthy();
    expect(toastsSince(before)).toEqual([]);
  });

  it('says a refusal naming fields as one message when the form has no fields to show it beside', async () => {
    renderInEnglish(<OneFieldForm failure={emailRefused} options={{ fields: false }} />);
    const before = toasts.getSnapshot().length;
    await submit();
    expect(screen.getByRole('textbox', { name: 'E-mail' }).getAttribute('aria-invalid')).toBeNull();
    expect(toastsSince(before)).toEqual(['Some of the information is invalid.']);
  });

  it('says a failure through the parent that outlives the form, not in a toast', async () => {
    function Parent() {
      const [problem, setProblem] = useState<string | null>(null);
      return (
        <>
          <OneFieldForm failure={new AppError('permission-denied')} options={{ sayFailure: setProblem }} />
          <output>{problem}</output>
        </>
      );
    }
    renderInEnglish(<Parent />);
    const before = toasts.getSnapshot().length;
    await submit();
    expect(screen.getByRole('status').textContent).toBe('You are not allowed to do that.');
    expect(toastsSince(before)).toEqual([]);
  });

  it('says nothing of a failure the form took care of, and keeps its button disabled', async () => {
    const seen: unknown[] = [];
    const failure = new AppError('unauthenticated');
    renderInEnglish(
      <OneFieldForm
        failure={failure}
        options={{ failureIn: 'form' }}
        onFailure={(error) => seen.push(error) > 0}
      />,
    );
    const before = toasts.getSnapshot().length;
    await submit();
    expect(seen).toEqual([failure]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toastsSince(before)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });

  it('says a failure the form did not take care of where the form says failures', async () => {
    renderInEnglish(
      <OneFieldForm
        failure={new AppError('permission-denied')}
        options={{ failureIn: 'form' }}
        onFailure={() => false}
      />,
    );
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('You are not allowed to do that.');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
  });
});

/** A form checking its e-mail with the sign-in schema loaded on submit (`checkLoaded`), or failing to load it. */
function LoadedSchemaForm({ load }: { load: () => Promise<typeof AuthSchemas> }) {
  const form = useForm({ namespace: 'auth', failureIn: 'form' });
  const [checked, setChecked] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = new FormData(event.currentTarget).get('email');
    const values = await form.checkLoaded(load, (schemas) => schemas.ZSignInForm, {
      email,
      password: 'long enough password',
    });
    if (values) setChecked(values.email);
  };
  return (
    <form noValidate onSubmit={submit}>
      <Input name="email" label="E-mail" error={form.errorOf('email')} />
      <button type="submit">Send</button>
      {form.failure ? <p role="alert">{form.failure}</p> : null}
      {checked ? <p>Checked {checked}</p> : null}
    </form>
  );
}

describe('a schema loaded when the form is used (checkLoaded)', () => {
  it('refuses a field with the same message as the schema checked at once', async () => {
    renderInEnglish(<LoadedSchemaForm load={() => import('#contract/auth')} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'not-an-address' },
    });
    await submit();
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    expect(
      await screen.findByText('Enter a valid e-mail address, for example name@example.com.'),
    ).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('answers the parsed values once they pass', async () => {
    renderInEnglish(<LoadedSchemaForm load={() => import('#contract/auth')} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'ana@example.com' },
    });
    await submit();
    expect(await screen.findByText('Checked ana@example.com')).toBeTruthy();
  });

  it('says a schema that could not load (the network gone) where the form says failures', async () => {
    renderInEnglish(<LoadedSchemaForm load={() => Promise.reject(new TypeError('Failed to fetch'))} />);
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'E-mail' }).getAttribute('aria-invalid')).toBeNull();
  });
});
