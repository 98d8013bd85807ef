import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { checkSubdomain, updateBranding, type TManagedSpace } from '#contract/back-office';
import { ZSubdomain } from '#contract/tenancy';
import { AA_CONTRAST, contrastRatio, inkOf, textColorOn } from '~/platform/brand-theme';
import { call } from '~/platform/callable-client';
import { useRootData } from '~/platform/root-data';
import { Button } from '~/ui/button';
import { Checkbox, Input } from '~/ui/field';
import { Section } from '~/ui/section';
import { useOperation } from '~/platform/use-operation';
import type { SettingsFormProps } from './settings-form-props';

const DEFAULT_PRIMARY = '#4f46e5';
const HEX = /^#[0-9a-f]{6}$/i;

type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'invalid';

/** Checks a subdomain as it is typed (after a pause), so the answer comes before saving. */
function useSubdomainAvailability(spaceId: string, subdomain: string, saved: string | null): Availability {
  const value = subdomain.trim().toLowerCase();
  const settled: Availability | null =
    !value || value === saved
      ? 'idle'
      : !ZSubdomain.safeParse(value).success || value === 'beta'
        ? 'invalid'
        : null;
  const [answer, setAnswer] = useState<{ value: string; available: boolean } | null>(null);
  useEffect(() => {
    if (settled) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      call(checkSubdomain, { spaceId, subdomain: value }).then(
        ({ available }) => !cancelled && setAnswer({ value, available }),
        () => undefined,
      );
    }, 350);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [spaceId, value, settled]);
  if (settled) return settled;
  if (answer?.value !== value) return 'checking';
  return answer.available ? 'available' : 'taken';
}

function Ratio({ label, ratio }: { label: string; ratio: number }) {
  const { t } = useTranslation('backoffice');
  const ok = ratio >= AA_CONTRAST;
  const Icon = ok ? CheckCircle2 : XCircle;
  return (
    <li className="flex items-center gap-2">
      <Icon aria-hidden className={ok ? 'text-success size-5' : 'text-danger size-5'} />
      <span>
        {label} — {ok ? t('branding.contrastOk') : t('branding.contrastLow')}
      </span>
    </li>
  );
}

/** Colour and subdomain of the space, with a live preview and the contrast they give. */
export function BrandingForm({
  spaceId,
  initial,
  submitLabel,
  onSaved,
  footer,
}: SettingsFormProps<TManagedSpace['branding']>) {
  const { t, i18n } = useTranslation('backoffice');
  const rootDomain = useRootData()?.config.rootDomain ?? 'localhost';
  const [useColor, setUseColor] = useState(initial.color !== null);
  const [color, setColor] = useState(initial.color ?? '#0f766e');
  const [subdomain, setSubdomain] = useState(initial.subdomain ?? '');
  const save = useOperation(updateBranding, { success: onSaved ? undefined : '' });
  const availability = useSubdomainAvailability(spaceId, subdomain, initial.subdomain);
  const primary = useColor && HEX.test(color) ? color.toLowerCase() : DEFAULT_PRIMARY;
  const onPrimary = textColorOn(primary);
  const ink = inkOf(primary);
  const format = (ratio: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(ratio);
  const address = `${subdomain.trim().toLowerCase() || '…'}.${rootDomain}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const branding = {
      subdomain: subdomain.trim() ? subdomain.trim().toLowerCase() : null,
      color: useColor ? color : null,
    };
    if (await save.run({ spaceId, branding })) onSaved?.();
  }

  return (
    <form onSubmit={submit} noValidate>
      <Section title={t('branding.title')}>
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="flex flex-col gap-4">
            <Checkbox
              label={t('branding.ownColor')}
              checked={useColor}
              onChange={(event) => setUseColor(event.target.checked)}
            />
            {useColor ? (
              <div className="flex items-end gap-3">
                <Input
                  label={t('branding.color')}
                  type="color"
                  value={HEX.test(color) ? color : '#000000'}
                  onChange={(e) => setColor(e.target.value)}
                  containerClassName="w-28"
                />
                <Input
                  label={t('branding.colorHex')}
                  value={color}
                  maxLength={7}
                  onChange={(e) => setColor(e.target.value)}
                  error={save.errorOf('branding.color')}
                  containerClassName="w-36"
                />
              </div>
            ) : null}
            <Input
              label={t('branding.subdomain')}
              hint={t('branding.subdomainHint')}
              value={subdomain}
              maxLength={63}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(event) => setSubdomain(event.target.value)}
              error={
                save.errorOf('branding.subdomain') ??
                (availability === 'invalid' ? t('validation.subdomain') : undefined)
              }
            />
            <p role="status" className="text-sm" data-testid="subdomain-status">
              {availability === 'checking' ? t('branding.checking') : null}
              {availability === 'available' ? (
                <span className="text-success">{t('branding.available', { address })}</span>
              ) : null}
              {availability === 'taken' ? <span className="text-danger">{t('branding.taken')}</span> : null}
            </p>
          </div>
          <div className="flex flex-col gap-3">
            <h3 className="font-medium">{t('branding.preview')}</h3>
            <div className="border-line overflow-hidden rounded-xl border" data-testid="brand-preview">
              <div
                className="flex items-center justify-between px-4 py-3"
                style={{ background: primary, color: onPrimary }}
              >
                <span className="font-semibold">{address}</span>
              </div>
              <div className="flex flex-wrap items-center gap-4 p-4">
                <span
                  className="inline-flex h-10 items-center rounded-lg px-4 font-medium"
                  style={{ background: primary, color: onPrimary }}
                >
                  {t('branding.previewButton')}
                </span>
                <span className="underline underline-offset-2" style={{ color: ink }}>
                  {t('branding.previewLink')}
                </span>
              </div>
            </div>
            <h3 className="font-medium">{t('branding.contrastTitle')}</h3>
            <ul className="flex flex-col gap-1 text-sm">
              <Ratio
                label={t('branding.contrastText', { ratio: format(contrastRatio(primary, onPrimary)) })}
                ratio={contrastRatio(primary, onPrimary)}
              />
              <Ratio
                label={t('branding.contrastLink', { ratio: format(contrastRatio(ink, '#ffffff')) })}
                ratio={contrastRatio(ink, '#ffffff')}
              />
            </ul>
            <p className="text-ink-soft text-sm">{t('branding.contrastHint')}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="submit"
            disabled={save.pending || availability === 'taken' || availability === 'invalid'}
          >
            {save.pending ? t('saving') : (submitLabel ?? t('save'))}
          </Button>
          {footer}
        </div>
      </Section>
    </form>
  );
}
