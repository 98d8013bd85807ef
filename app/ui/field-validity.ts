import { useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isControl(target: EventTarget): target is Control {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
  );
}

/**
 * A field's error stays only while the field is still refused: each edit asks the control's own constraints
 * (required, type, length, min and max, which mirror the form's schema) and the error hides once they hold,
 * coming back if the field is made invalid again. A server's verdict on the old value hides at the first
 * valid edit too. Nothing new shows before the next submission, which shows what the form decides again.
 * One mechanism for every form: each form keeps setting its errors on submit as before.
 */
export function useErrorUntilValid(id: string, error: ReactNode) {
  const [edit, setEdit] = useState<{ error: ReactNode; valid: boolean } | null>(null);
  // A new error (another submission's verdict) starts shown.
  const current = edit && edit.error === error ? edit : null;

  useEffect(() => {
    const form = (document.getElementById(id) as Control | null)?.form;
    if (!form) return;
    // The same message again after a submission is a new verdict: show it even if an edit had hidden it.
    const onSubmit = () => setEdit(null);
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, [id]);

  const onEdit = (event: ChangeEvent<HTMLElement> | FormEvent<HTMLElement>) => {
    if (!error || !isControl(event.target) || event.target.id !== id) return;
    setEdit({ error, valid: event.target.validity.valid });
  };
  const shown = current?.valid ? undefined : error;
  return { shown, onEdit };
}
