import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { formatCalendarDate } from '#contract/dates';
import type { TMandateSpace } from '#contract/sepa';
import { mandateCalls } from '#contract/sepa.plain';
import { call } from '~/platform/callable-client';
import { useForm } from '~/platform/use-form';
import { useLocale } from '~/platform/use-locale';
import { useTranslation } from '~/platform/translation';
import { Button } from '~/ui/button';
import { Checkbox, Input } from '~/ui/field';
import { Notice } from '~/ui/notice';

// The form's rules are the server's (ZMandateForm), loaded when the form is first used (docs/decisions/031).
const loadSchemas = () => import('#contract/sepa');

/** The member signs (or changes) a CORE recurrent mandate: name, IBAN, the mandate's text, the signature box. */
function MandateForm({ space, onDone }: { space: TMandateSpace; onDone?: () => void }) {
  const { t } = useTranslation(['sepa', 'common', 'auth']);
  const { revalidate } = useRevalidator();
  const form = useForm({ namespace: 'sepa' });
  const id = `mandate-${space.spaceId}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const mandate = await form.checkLoaded(loadSchemas, (schemas) => schemas.ZMandateForm, {
      debtorName: String(data.get('debtorName') ?? ''),
      iban: String(data.get('iban') ?? ''),
      accepted: data.get('accepted') === 'on',
    });
    if (!mandate) return;
    const signed = await form.run(
      () => call(mandateCalls.sign, { spaceId: space.spaceId, ...mandate }),
      t('sepa:signed'),
    );
    if (signed) {
      onDone?.();
      void revalidate();
    }
  }

  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(event) => void submit(event)}
      onFocusCapture={() => void loadSchemas().catch(() => undefined)}
      noValidate
    >
      <Input
        name="debtorName"
        label={t('sepa:debtorName')}
        autoComplete="name"
        defaultValue={space.mandate?.status === 'active' ? space.mandate.debtorName : ''}
        error={form.errorOf('debtorName')}
      />
      <Input
        name="iban"
        label={t('sepa:iban')}
        autoComplete="off"
        spellCheck={false}
        inputMode="text"
        error={form.errorOf('iban')}
      />
      <div className="space-y-2 sm:col-span-2">
        <h4 id={`${id}-text`} className="text-sm font-semibold">
          {t('sepa:mandateText')}
        </h4>
        <div aria-labelledby={`${id}-text`} className="text-ink-soft space-y-2 text-sm" role="group">
          {space.mandateText.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </div>
      <Checkbox
        name="accepted"
        className="sm:col-span-2"
        label={t('sepa:accept', { creditor: space.creditorName })}
        error={form.errorOf('accepted')}
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={form.pending}>
          {t('sepa:sign')}
        </Button>
        {onDone ? (
          <Button type="button" variant="ghost" onClick={onDone}>
            {t('sepa:cancelChange')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** One space: its creditor, the member's mandate (masked) with change and revoke, or the form to sign one. */
function MandateSpace({ space }: { space: TMandateSpace }) {
  const { t } = useTranslation(['sepa', 'common']);
  const locale = useLocale();
  const { revalidate } = useRevalidator();
  const form = useForm({ namespace: 'sepa' });
  const [changing, setChanging] = useState(false);
  const mandate = space.mandate;
  const headingId = `mandate-space-${space.spaceId}`;

  async function revoke() {
    const revoked = await form.run(
      () => call(mandateCalls.revoke, { spaceId: space.spaceId }),
      t('sepa:revokedToast'),
    );
    if (revoked) void revalidate();
  }

  return (
    <article
      aria-labelledby={headingId}
      className="border-line space-y-3 rounded-xl border p-4"
      data-testid="mandate-space"
    >
      <h3 id={headingId} className="font-semibold">
        {space.spaceName}
      </h3>
      {!space.ready ? (
        <p className="text-ink-soft text-sm">{t('sepa:notReady', { space: space.spaceName })}</p>
      ) : (
        <>
          <p className="text-ink-soft text-sm">
            {t('sepa:creditor', { creditor: space.creditorName, creditorId: space.creditorId })}
          </p>
          {mandate?.status === 'active' ? (
            <Notice tone="success">
              <span data-testid="mandate-status">
                {t('sepa:active', {
                  reference: mandate.reference,
                  date: formatCalendarDate(mandate.signedOn, locale),
                  iban: mandate.maskedIban,
                  name: mandate.debtorName,
                })}
              </span>
            </Notice>
          ) : mandate ? (
            <p className="text-sm" data-testid="mandate-status">
              {t('sepa:revoked', { reference: mandate.reference })}
            </p>
          ) : null}
          {mandate?.status === 'active' && !changing ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setChanging(true)}>
                {t('sepa:change')}
              </Button>
              <Button variant="outline-danger" disabled={form.pending} onClick={() => void revoke()}>
                {t('sepa:revoke')}
              </Button>
            </div>
          ) : (
            <MandateForm space={space} onDone={changing ? () => setChanging(false) : undefined} />
          )}
        </>
      )}
    </article>
  );
}

/** /plans's "SEPA direct debit": each space the member is a customer of, with their mandate to it. */
export function MandatesPanel({ spaces }: { spaces: TMandateSpace[] }) {
  const { t } = useTranslation('sepa');
  if (spaces.length === 0) return null;
  return (
    <section id="direct-debit" className="space-y-3" aria-labelledby="direct-debit-title">
      <h2 id="direct-debit-title" className="text-xl font-semibold">
        {t('title')}
      </h2>
      <p className="text-ink-soft text-sm">{t('intro')}</p>
      {spaces.map((space) => (
        <MandateSpace key={space.spaceId} space={space} />
      ))}
    </section>
  );
}
