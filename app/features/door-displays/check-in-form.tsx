import { useId, useState, type FormEvent } from 'react';
import { CHECK_IN_CODE_LENGTH, CHECK_IN_CODE_PATTERN } from '#contract/check-in';
import { checkInAtDisplayRef, type TDisplayView } from '#contract/door-displays.plain';
import { AppError } from '#contract/errors';
import type { Translate } from '#contract/translator';
import { call } from '~/platform/callable-client';

/** Big, white-on-colour controls of the display's status panel. */
const SOLID =
  'rounded-lg bg-white px-6 py-3 text-xl font-bold text-ink focus-visible:outline-4 focus-visible:outline-white';
const OUTLINE = 'rounded-lg border-2 border-white px-6 py-3 text-xl font-semibold';

/** Which message a refusal shows: a wrong code, a window that closed, or anything else. */
function messageOf(error: unknown): string {
  const reason = error instanceof AppError ? error.details?.reason : undefined;
  if (reason === 'check-in-code') return 'checkIn.wrongCode';
  if (typeof reason === 'string' && reason !== '') return 'checkIn.closed';
  return 'checkIn.failed';
}

/**
 * "Je suis là": the person types the six-digit code of their booking's confirmation, so that passers-by cannot
 * check it in. The server's check-in rule decides; the display shows its new state at once.
 */
export function CheckInForm(props: { token: string; t: Translate; onDone: (view: TDisplayView) => void }) {
  const { t } = props;
  const id = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <p role="status" className="text-2xl font-bold">
        ✓ {t('checkIn.done')}
      </p>
    );
  }
  if (!open) {
    return (
      <div>
        <button type="button" className={SOLID} onClick={() => setOpen(true)}>
          {t('checkIn.button')}
        </button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!CHECK_IN_CODE_PATTERN.test(code)) {
      setError('validation.code');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const view = await call(checkInAtDisplayRef, { token: props.token, code });
      setDone(true);
      props.onDone(view);
    } catch (refusal) {
      setError(messageOf(refusal));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2" noValidate>
      <label htmlFor={`${id}-code`} className="text-xl font-semibold">
        {t('checkIn.label')}
      </label>
      <p id={`${id}-hint`} className="text-base">
        {t('checkIn.hint')}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={`${id}-code`}
          // The person came to the door to do this: the field takes the focus the button had.
          autoFocus
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern={CHECK_IN_CODE_PATTERN.source.slice(1, -1)}
          maxLength={CHECK_IN_CODE_LENGTH}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, CHECK_IN_CODE_LENGTH))}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
          className="text-ink w-48 rounded-lg bg-white px-4 py-3 text-center text-3xl tracking-[0.3em] tabular-nums"
        />
        <button type="submit" className={SOLID} disabled={busy}>
          {t('checkIn.submit')}
        </button>
        <button
          type="button"
          className={OUTLINE}
          onClick={() => {
            setOpen(false);
            setCode('');
            setError(null);
          }}
        >
          {t('checkIn.cancel')}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-lg font-semibold">
          {t(error)}
        </p>
      ) : null}
    </form>
  );
}
