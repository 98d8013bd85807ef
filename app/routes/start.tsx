import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { useTranslation } from '~/platform/translation';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { getManagedSpace, listMySpaces } from '#contract/back-office';
import type { Route } from './+types/start';
import { AddressForm } from '~/features/back-office/address-form';
import { BrandingForm } from '~/features/back-office/branding-form';
import { HoursForm } from '~/features/back-office/hours-form';
import { IdentityForm } from '~/features/back-office/identity-form';
import { PhotoManager } from '~/features/back-office/photo-manager';
import { PublishPanel } from '~/features/back-office/publish-panel';
import { RoomsManager } from '~/features/back-office/rooms-manager';
import { StartChoice } from '~/features/onboarding/start-choice';
import { Wizard, WIZARD_STEPS, type WizardStep } from '~/features/onboarding/wizard';
import { requireViewer } from '~/platform/guard';
import { pageMeta } from '~/platform/meta';
import { buttonClass } from '~/ui/button';
import { useSafeNavigate } from '~/platform/use-safe-navigate';

export const handle: I18nHandle = { i18n: ['backoffice', 'onboarding', 'spaces'] };
await loadRouteNamespaces(handle);

/**
 * /start (login required): the choice after sign-up, then the wizard that opens a space step by step.
 * `?step=` names the step; `?space=` the draft being built (created by the first step's save).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer({ context, request });
  const params = new URL(request.url).searchParams;
  const spaceId = params.get('space');
  const stepParam = params.get('step');
  const step: WizardStep | 'done' | null =
    stepParam === 'done' ? 'done' : (WIZARD_STEPS.find((s) => s === stepParam) ?? null);
  const space = spaceId ? await context.call(getManagedSpace, { spaceId }) : null;
  const drafts = step
    ? []
    : (await context.call(listMySpaces, {})).managed
        .filter((managed) => managed.status === 'draft')
        .map(({ id, name }) => ({ id, name }));
  return { step, space, drafts };
}

export const meta = pageMeta('onboarding:metaTitle', 'onboarding:metaDescription');

function Done({ name, slug }: { name: string; slug: string }) {
  const { t } = useTranslation('onboarding');
  return (
    <main id="main" className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{t('wizard.publishedTitle', { name })}</h1>
      <p className="text-ink-soft text-lg">{t('wizard.publishedText')}</p>
      <div className="flex flex-wrap gap-3">
        <Link to={`/spaces/${slug}`} className={buttonClass('primary')}>
          {t('wizard.seePage')}
        </Link>
        <Link to="/myspaces" className={buttonClass('outline')}>
          {t('wizard.goBackOffice')}
        </Link>
      </div>
    </main>
  );
}

export default function StartRoute({ loaderData }: Route.ComponentProps) {
  const { step, space, drafts } = loaderData;
  const { t } = useTranslation('onboarding');
  const navigate = useSafeNavigate();
  if (!step) return <StartChoice drafts={drafts} />;
  if (step === 'done' && space) return <Done name={space.identity.name} slug={space.slug} />;

  const current: WizardStep = step === 'done' || (!space && step !== 'identity') ? 'identity' : step;
  const go = (next: WizardStep | 'done', id = space?.id) => void navigate(`/start?space=${id}&step=${next}`);
  const nextOf = (s: WizardStep) => WIZARD_STEPS[WIZARD_STEPS.indexOf(s) + 1] ?? 'publish';
  const back = (s: WizardStep) => {
    const previous = WIZARD_STEPS[WIZARD_STEPS.indexOf(s) - 1];
    return previous && space ? (
      <Link to={`/start?space=${space.id}&step=${previous}`} className={buttonClass('ghost')}>
        {t('wizard.back')}
      </Link>
    ) : null;
  };
  const skip = (s: WizardStep) => (
    <button type="button" className={buttonClass('outline')} onClick={() => go(nextOf(s))}>
      {t('wizard.skip')}
    </button>
  );
  // What a settings form gets as a step: the step's button, moving on once saved, and the way back.
  const asStep = (s: WizardStep, footer: ReactNode = back(s)) => ({
    submitLabel: t('wizard.next'),
    onSaved: () => go(nextOf(s)),
    footer,
  });

  return (
    <Wizard step={current} spaceId={space?.id ?? null} spaceName={space?.identity.name ?? null}>
      {current === 'identity' ? (
        <IdentityForm
          spaceId={space?.id ?? null}
          initial={space?.identity}
          submitLabel={t('wizard.next')}
          onSaved={(id) => go('address', id)}
        />
      ) : null}
      {space && current === 'address' ? (
        <AddressForm spaceId={space.id} initial={space.address} {...asStep('address')} />
      ) : null}
      {space && current === 'hours' ? (
        <HoursForm spaceId={space.id} initial={space.openingHours} {...asStep('hours')} />
      ) : null}
      {space && current === 'rooms' ? (
        <RoomsManager
          spaceId={space.id}
          rooms={space.rooms}
          withPhotos={false}
          hint={t('wizard.roomsHint')}
          footer={
            <>
              {back('rooms')}
              <button
                type="button"
                className={buttonClass('primary')}
                disabled={!space.rooms.length}
                onClick={() => go('photos')}
              >
                {t('wizard.next')}
              </button>
              {space.rooms.length ? (
                <span className="text-ink-soft text-sm">
                  {t('wizard.roomsDone', { count: space.rooms.length })}
                </span>
              ) : null}
            </>
          }
        />
      ) : null}
      {space && current === 'photos' ? (
        <PhotoManager
          owner={{ type: 'space', id: space.id }}
          photos={space.photos}
          footer={
            <>
              {back('photos')}
              <button type="button" className={buttonClass('primary')} onClick={() => go('branding')}>
                {t('wizard.next')}
              </button>
            </>
          }
        />
      ) : null}
      {space && current === 'branding' ? (
        <BrandingForm
          key={JSON.stringify(space.branding)}
          spaceId={space.id}
          initial={space.branding}
          {...asStep(
            'branding',
            <>
              {back('branding')}
              {skip('branding')}
            </>,
          )}
        />
      ) : null}
      {space && current === 'publish' ? <PublishPanel space={space} onPublished={() => go('done')} /> : null}
    </Wizard>
  );
}
