import { useMemo, type CSSProperties } from 'react';
import {
  displayStatusOf,
  minutesUntil,
  type DisplayPhase,
  type TDisplayItem,
  type TDisplayState,
  type TDisplayView,
} from '#contract/door-displays.plain';
import { dateTimeFormat } from '#contract/intl';
import { intlLocaleOf, type Locale } from '#contract/locale';
import { Translator, type Catalog, type Translate } from '#contract/translator';
import { inkOf, textColorOn } from '~/platform/brand-theme';
import { CheckInForm } from './check-in-form';
import { useDisplayState } from './use-display-state';

/**
 * A room's door display (docs/decisions/035-door-displays.md): full screen on a landscape tablet or a phone,
 * in the space's language, with its colour. The phase is a colour AND a word; the page updates by itself and
 * says when it lost the server.
 */

/** Each phase's background with white text (WCAG AA on all three), beside its word and its symbol. */
const PHASE_STYLE: Record<DisplayPhase, { background: string; symbol: string }> = {
  free: { background: '#15803d', symbol: '●' },
  busy: { background: '#b91c1c', symbol: '■' },
  'free-soon': { background: '#a16207', symbol: '◐' },
};

export function useDisplayTranslate(locale: Locale, catalog: Catalog): Translate {
  return useMemo(() => new Translator(locale, { displays: catalog }).fixed('displays'), [locale, catalog]);
}

export function DisplayScreen(props: {
  token: string;
  initial: TDisplayView;
  serverNow: string;
  catalog: Catalog;
}) {
  const connection = useDisplayState(props.token, props.initial, props.serverNow);
  const { view } = connection;
  const t = useDisplayTranslate(view.locale, props.catalog);
  if (view.display === 'revoked')
    return <RevokedScreen t={t} locale={view.locale} roomName={view.roomName} />;
  return (
    <ActiveScreen
      state={view}
      t={t}
      now={connection.now()}
      lostSince={connection.lostSince}
      token={props.token}
      onState={connection.replace}
    />
  );
}

function RevokedScreen({ t, locale, roomName }: { t: Translate; locale: Locale; roomName: string }) {
  return (
    <main
      lang={locale}
      className="bg-muted text-ink fixed inset-0 flex items-center justify-center overflow-y-auto p-8"
    >
      <div className="bg-surface max-w-xl rounded-xl p-10 text-center shadow">
        <p className="text-ink-soft text-lg">{roomName}</p>
        <h1 className="mt-2 text-3xl font-bold">{t('revoked.title')}</h1>
        <p className="mt-4 text-lg">{t('revoked.text')}</p>
      </div>
    </main>
  );
}

function ActiveScreen(props: {
  state: TDisplayState;
  t: Translate;
  now: Date;
  lostSince: Date | null;
  token: string;
  onState: (view: TDisplayView) => void;
}) {
  const { state, t, now } = props;
  const status = displayStatusOf(state.agenda, now);
  const language = intlLocaleOf(state.locale);
  const clock = (value: string | Date) =>
    dateTimeFormat(language, { timeZone: state.timeZone, hour: '2-digit', minute: '2-digit' }).format(
      new Date(value),
    );
  const brand = state.color ?? '#4f46e5';
  const brandStyle = {
    '--color-primary': brand,
    '--color-primary-ink': inkOf(brand),
    '--color-on-primary': textColorOn(brand),
  } as CSSProperties;
  const phase = PHASE_STYLE[status.phase];
  const until = status.changeAt
    ? `${t(status.phase === 'free' ? 'until.free' : 'until.busy', { time: clock(status.changeAt) })} · ${t('in', { count: minutesUntil(status.changeAt, now) })}`
    : t('until.freeAllDay');
  const current = status.current;

  return (
    <main
      lang={state.locale}
      style={brandStyle}
      className="bg-muted text-ink fixed inset-0 flex flex-col overflow-y-auto landscape:overflow-hidden"
    >
      <header className="bg-primary text-on-primary flex items-baseline justify-between gap-4 px-6 py-3">
        <div className="min-w-0">
          <h1 className="truncate text-3xl font-bold">{state.roomName}</h1>
          <p className="truncate text-base opacity-90">{state.spaceName}</p>
        </div>
        <p className="text-3xl font-semibold tabular-nums" aria-label={clock(now)}>
          {clock(now)}
        </p>
      </header>
      {props.lostSince ? (
        <p role="status" className="bg-ink text-surface px-6 py-2 text-base font-semibold">
          {t('offline', { time: clock(props.lostSince) })}
        </p>
      ) : null}
      <div className="flex min-h-0 flex-1 flex-col gap-4 p-4 landscape:flex-row">
        <section
          aria-live="polite"
          data-phase={status.phase}
          style={{ background: phase.background }}
          className="flex flex-col justify-center gap-4 rounded-xl p-6 text-white landscape:flex-[3]"
        >
          <p className="flex items-center gap-3 text-6xl font-extrabold">
            <span aria-hidden="true">{phase.symbol}</span>
            <span data-testid="display-phase">{t(`phase.${status.phase}`)}</span>
          </p>
          {current ? <p className="text-3xl font-semibold">{itemLabel(current, t)}</p> : null}
          <p className="text-2xl">{until}</p>
          {status.checkInTarget ? (
            <CheckInForm key={status.checkInTarget.id} token={props.token} t={t} onDone={props.onState} />
          ) : current?.checkedIn ? (
            <p role="status" className="text-2xl font-bold">
              ✓ {t('agenda.checkedIn')}
            </p>
          ) : null}
        </section>
        <div className="flex min-h-0 flex-col gap-4 landscape:flex-[2]">
          <Agenda state={state} status={status} t={t} clock={clock} />
          <QrPanel state={state} t={t} language={language} />
        </div>
      </div>
    </main>
  );
}

function itemLabel(item: TDisplayItem, t: Translate): string {
  return item.title ?? (item.kind === 'event' ? t('event') : t('reserved'));
}

function Agenda(props: {
  state: TDisplayState;
  status: ReturnType<typeof displayStatusOf>;
  t: Translate;
  clock: (value: string) => string;
}) {
  const { state, status, t, clock } = props;
  return (
    <section
      aria-labelledby="display-agenda"
      className="bg-surface min-h-0 flex-1 overflow-auto rounded-xl p-4"
    >
      <h2 id="display-agenda" className="text-xl font-bold">
        {t('agenda.title')}
      </h2>
      {state.agenda.length === 0 ? (
        <p className="text-ink-soft mt-2 text-lg">{t('agenda.empty')}</p>
      ) : (
        <ul className="divide-line mt-2 divide-y">
          {state.agenda.map((item) => {
            const isCurrent = status.current?.id === item.id;
            const note = item.released
              ? t('agenda.released')
              : item.checkedIn
                ? t('agenda.checkedIn')
                : isCurrent
                  ? t('agenda.now')
                  : null;
            return (
              <li
                key={item.id}
                className={`flex flex-wrap items-baseline gap-x-3 py-2 text-lg ${isCurrent ? 'font-bold' : ''}`}
              >
                <span
                  className={`shrink-0 tabular-nums ${item.released ? 'text-ink-soft line-through' : ''}`}
                >
                  {clock(item.startsAt)}–{clock(item.endsAt)}
                </span>
                <span
                  className={`min-w-0 flex-1 break-words ${item.released ? 'text-ink-soft line-through' : ''}`}
                >
                  {itemLabel(item, t)}
                </span>
                {note ? <span className="text-ink-soft w-full text-base font-semibold">{note}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function QrPanel({ state, t, language }: { state: TDisplayState; t: Translate; language: string }) {
  const when = state.nextFree
    ? dateTimeFormat(language, {
        timeZone: state.timeZone,
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(state.nextFree.startsAt))
    : null;
  return (
    <section aria-labelledby="display-qr" className="bg-surface flex items-center gap-4 rounded-xl p-4">
      <svg
        role="img"
        aria-label={t('qr.alt')}
        data-testid="display-qr"
        viewBox={`0 0 ${state.qr.size} ${state.qr.size}`}
        className="size-40 shrink-0 bg-white"
        shapeRendering="crispEdges"
      >
        <path d={state.qr.path} fill="#000" />
      </svg>
      <div>
        <h2 id="display-qr" className="text-xl font-bold">
          {t('qr.title')}
        </h2>
        <p className="mt-1 text-lg">{when ? t('qr.next', { when }) : t('qr.none')}</p>
      </div>
    </section>
  );
}
