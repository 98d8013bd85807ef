import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { Notice } from '~/ui/notice';

/**
 * The form of an /auth page: what brought the person here, a failure that names no field said at its top (where it is read after the page's
 * heading, not as a toast), its fields, its full-width submit button, and what follows it (a link).
 */
export function AuthForm({
  form,
  onSubmit,
  notice,
  submitLabel,
  children,
  after,
  ...formProps
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** What brought the person here (an account deleted, a password changed), above any failure. */
  notice?: ReactNode;
  /** Its state (app/platform/use-form.ts): pending while sent, and its failure. */
  form: { pending: boolean; failure: string | null };
  /** The button's words, before and while the form is sent. */
  submitLabel: { idle: string; pending: string };
  children: ReactNode;
  after?: ReactNode;
} & Pick<ComponentProps<'form'>, 'onFocusCapture'>) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" {...formProps}>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {form.failure ? <Notice tone="error">{form.failure}</Notice> : null}
      {children}
      <Button type="submit" disabled={form.pending} className="mt-2 w-full">
        {form.pending ? submitLabel.pending : submitLabel.idle}
      </Button>
      {after}
    </form>
  );
}

/** The e-mail address one signs in with. */
export function EmailInput({ label, error }: { label: string; error: string | undefined }) {
  return <Input name="email" type="email" autoComplete="email" required label={label} error={error} />;
}
