import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { useTranslation } from '~/platform/translation';
import { fieldErrorsOf, fieldErrorsOfZod, messageOfError, type FieldErrors } from '~/platform/form-errors';
import { toast } from '~/ui/toast-store';

export interface FormOptions {
  /** The catalogue whose `validation.<key>` messages name refused fields (auth's, then the generic one, after). */
  namespace: string;
  /** Where the field messages are when not in `<namespace>:validation` (`errors` in the community catalog). */
  fieldMessages?: string;
  /** The catalogue whose `refusals.<reason>` word a refused call (the namespace's by default). */
  refusals?: string;
  /**
   * Where a failure that names no field is said: a toast (the default), or `failure`, for the form to show
   * in its own place (the sign-in pages, where a toast would be read after the page's own notice).
   */
  failureIn?: 'toast' | 'form';
  /**
   * Says such a failure through the form's parent instead, which outlives the form (the booking panel says a
   * slot taken meanwhile after the booking form is gone).
   */
  sayFailure?: (message: string) => void;
  /**
   * `false` for a form of buttons only (accept an offer, cancel a plan): a refusal that names fields has no
   * field to be shown beside, and is said as one message like any other failure.
   */
  fields?: false;
  /** The form's own words for some failures (a wrong password), before the shared ones. */
  messageOf?: (error: unknown) => string | undefined;
}

/**
 * Every form's submission, the same way: the submit button is disabled while `pending`; the form's schema is
 * checked before the call (`check`); a refusal's field errors show next to their fields (app/ui/field.tsx wires
 * aria-invalid and aria-describedby) and the first refused field takes the focus; any other failure is one
 * error toast in the reader's words, and a success one success toast when the form gives its text.
 */
export function useForm(options: FormOptions) {
  const { t } = useTranslation(options.namespace);
  // The form being submitted: the one holding focus when the person submitted it.
  const submitted = useRef<Element | null>(null);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  // After a verdict with field errors, focus goes to the first refused field, where its message is read.
  useEffect(() => {
    if (!Object.keys(errors).length) return;
    (submitted.current ?? document).querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  function rememberForm() {
    submitted.current = document.activeElement?.closest('form') ?? null;
  }

  /** The form's values checked with the server's schema: the parsed data, or null with the field errors set. */
  function check<S extends z.ZodType>(schema: S, values: unknown): z.infer<S> | null {
    rememberForm();
    return checked(schema, values);
  }

  function checked<S extends z.ZodType>(schema: S, values: unknown): z.infer<S> | null {
    const parsed = schema.safeParse(values);
    if (parsed.success) return parsed.data;
    setErrors(fieldErrorsOfZod(parsed.error));
    return null;
  }

  /**
   * `check` with a schema from a module loaded when the form is first used (`import('#contract/auth')`), so
   * the page's first load carries no validation library (docs/decisions/031-light-pages.md). A load that
   * fails is said like any other failure (null). Give the same loader to `onFocusCapture` to fetch it early.
   */
  async function checkLoaded<M, S extends z.ZodType>(
    load: () => Promise<M>,
    schemaOf: (module: M) => S,
    values: unknown,
  ): Promise<z.infer<S> | null> {
    rememberForm();
    let module: M;
    try {
      module = await load();
    } catch (error) {
      fail(error);
      return null;
    }
    return checked(schemaOf(module), values);
  }

  /**
   * Runs the submission; answers its result, or null when it failed (the person was told). A submission that
   * leaves the page (`leaves`) keeps its button disabled after a success, until the page is gone. `onFailure`
   * sees a failure first (to drop a retry's key, reload what it changed); answering true says the form took
   * care of it (it sent the person to another page), and the hook says nothing.
   */
  async function run<T>(
    operation: () => Promise<T>,
    success?: string,
    {
      leaves = false,
      onFailure,
    }: { leaves?: boolean; onFailure?: (error: unknown) => boolean | Promise<boolean> } = {},
  ): Promise<T | null> {
    rememberForm();
    setPending(true);
    setErrors({});
    setFailure(null);
    try {
      const result = await operation();
      if (success) toast({ title: success, color: 'success' });
      if (!leaves) setPending(false);
      return result;
    } catch (error) {
      if (await onFailure?.(error)) return null;
      setPending(false);
      const fields = options.fields === false ? {} : fieldErrorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length) fail(error);
      return null;
    }
  }

  /** Says a failure that names no field, where the form shows them. */
  function fail(error: unknown) {
    const message =
      options.messageOf?.(error) ?? messageOfError(t, error, options.refusals ?? options.namespace);
    if (options.sayFailure) options.sayFailure(message);
    else if (options.failureIn === 'form') setFailure(message);
    else toast({ title: message, color: 'error' });
  }

  /** The translated message of the field at `path` (`fr.title`, `slug`) or inside it (`links.2`), if refused. */
  function errorOf(path: string): string | undefined {
    const key =
      errors[path] ?? Object.entries(errors).find(([refused]) => refused.startsWith(`${path}.`))?.[1];
    if (!key) return undefined;
    const generic = t('auth:validation.' + key, {
      defaultValue: t('common:errors.codes.invalid-argument'),
    });
    return t(`${options.fieldMessages ?? `${options.namespace}:validation`}.${key}`, {
      defaultValue: generic,
    });
  }

  return { pending, errors, setErrors, errorOf, check, checkLoaded, run, fail, failure, setFailure };
}
