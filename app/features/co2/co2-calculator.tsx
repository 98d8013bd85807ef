import { useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { Form } from 'react-router';
import { Button } from '~/ui/button';
import { choicesOf, Input, Select } from '~/ui/field';
import {
  COMMUTE_FIELDS,
  evaluateCommuteForm,
  MAX_DISTANCE_KM,
  type CommuteField,
  type CommuteFormValues,
  type CommuteOutcome,
} from './commute-form';
import { COMMUTE_MODES, EMISSION_FACTORS, type CommuteMode } from './emission-factors';
import { formatGramsPerKm, formatKg, formatKm } from './format';

export interface CalculatorState {
  values: CommuteFormValues;
  submitted: boolean;
  /** Computed by the loader from the URL: what the page shows before anyone types (and without JavaScript). */
  outcome: CommuteOutcome;
}

/** A whole number of days or weeks, from one up to `max`. */
function CountInput(props: ComponentProps<typeof Input> & { max: number }) {
  return <Input type="number" min={1} step={1} inputMode="numeric" {...props} />;
}

/**
 * A GET form: without JavaScript it submits to /co2?distance=…, the loader computes and the server renders
 * the result. With JavaScript the result follows each keystroke; submitting still updates the URL (shareable).
 */
export function Co2Calculator({ initial }: { initial: CalculatorState }) {
  const { t, i18n } = useTranslation('co2');
  const locale = i18n.language;
  const formRef = useRef<HTMLFormElement>(null);
  // The URL's values identify the loader data: a revalidation with the same URL keeps what was typed.
  const sourceKey = `${initial.submitted}:${JSON.stringify(initial.values)}`;
  const [source, setSource] = useState(sourceKey);
  const [values, setValues] = useState(initial.values);
  const [dirty, setDirty] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<CommuteField>>(
    () => new Set(initial.submitted ? COMMUTE_FIELDS : []),
  );
  // A navigation (submit, back, forward) brings new loader data: start again from it.
  if (source !== sourceKey) {
    setSource(sourceKey);
    setValues(initial.values);
    setDirty(false);
    setTouched(new Set(initial.submitted ? COMMUTE_FIELDS : []));
  }

  const outcome = dirty ? evaluateCommuteForm(values) : initial.outcome;
  const errorOf = (field: CommuteField) => {
    const key = !outcome.ok && touched.has(field) ? outcome.errors[field] : undefined;
    return key ? t(key, { max: MAX_DISTANCE_KM }) : undefined;
  };
  const hasVisibleError = COMMUTE_FIELDS.some((field) => errorOf(field));

  // A control's name, value and message; an edit recomputes the result, leaving the field shows its message.
  const controlOf = (field: CommuteField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setDirty(true);
    },
    onBlur: () => setTouched((current) => (current.has(field) ? current : new Set([...current, field]))),
    error: errorOf(field),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    const checked = evaluateCommuteForm(values);
    if (checked.ok) return;
    event.preventDefault();
    setTouched(new Set(COMMUTE_FIELDS));
    const first = COMMUTE_FIELDS.find((field) => checked.errors[field]);
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  const mode = COMMUTE_MODES.includes(values.mode as CommuteMode) ? (values.mode as CommuteMode) : null;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
      <Form
        ref={formRef}
        method="get"
        action="/co2"
        preventScrollReset
        noValidate
        onSubmit={submit}
        className="border-line grid gap-5 rounded-2xl border p-5 sm:p-6"
        aria-labelledby="co2-form-title"
      >
        <h2 id="co2-form-title" className="text-xl font-semibold">
          {t('form.title')}
        </h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <Input
            {...controlOf('distance')}
            label={t('form.distance')}
            hint={t('form.distanceHint', { max: MAX_DISTANCE_KM })}
            inputMode="decimal"
            autoComplete="off"
          />
          <Select
            {...controlOf('mode')}
            label={t('form.mode')}
            hint={
              mode
                ? t('form.modeHint', { grams: formatGramsPerKm(EMISSION_FACTORS[mode].kgCo2ePerKm, locale) })
                : undefined
            }
            choices={choicesOf(COMMUTE_MODES, (option) => t(`modes.${option}`))}
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <CountInput {...controlOf('days')} max={7} label={t('form.days')} />
          <CountInput {...controlOf('weeks')} max={52} label={t('form.weeks')} hint={t('form.weeksHint')} />
        </div>
        <div>
          <Button type="submit">{t('form.submit')}</Button>
        </div>
      </Form>

      <section
        aria-labelledby="co2-result-title"
        className="bg-primary text-on-primary rounded-2xl p-6 sm:p-8"
      >
        <h2 id="co2-result-title" className="text-lg font-semibold">
          {t('result.title')}
        </h2>
        <div role="status" aria-live="polite" aria-atomic="true" className="mt-4" data-testid="co2-result">
          {outcome.ok ? (
            <>
              <p>
                <span className="block text-4xl font-bold tracking-tight sm:text-5xl">
                  {t('result.kg', { value: formatKg(outcome.savings.kgCo2ePerYear, locale) })}
                </span>{' '}
                <span className="block text-lg">{t('result.perYear')}</span>
              </p>
              <p className="mt-4">
                <span className="text-2xl font-semibold">
                  {t('result.kg', { value: formatKg(outcome.savings.kgCo2ePerWeek, locale) })}
                </span>{' '}
                {t('result.perWeek')}
              </p>
              <p className="mt-4 opacity-90">
                {t('result.distance', { value: formatKm(outcome.savings.kmPerYear, locale) })}
              </p>
              {outcome.input.mode === 'bikeOrWalk' ? <p className="mt-4">{t('result.alreadyZero')}</p> : null}
            </>
          ) : (
            <p>{hasVisibleError ? t('result.fixErrors') : t('result.empty')}</p>
          )}
        </div>
      </section>
    </div>
  );
}
