import { describe, expect, it } from 'vitest';
import { serverTranslator } from '~/platform/i18n.server';
import { ACTIVITY_KINDS, type TActivityItem } from '#contract/activity';
import { ACTIVITY_REASON_CODES, describeActivity, kindKey, variantsOf } from '#contract/activity-sentence';
import { LOCALES } from '#contract/locale';
import type { Translate } from '#contract/translator';

/** Every kind of the log has a label and its sentences in both languages, and they read well. */

const translate = (locale: 'fr' | 'en'): Translate => {
  const t = serverTranslator(locale).fixed();
  return (key, values) => t(`activity:${key}`, values);
};

function item(overrides: Partial<TActivityItem> = {}): TActivityItem {
  return {
    id: '1',
    kind: 'reservation.created',
    occurredAt: '2026-05-04T08:00:00.000000Z',
    actor: { type: 'person', id: 'member', name: 'Camille Martin' },
    about: null,
    subject: { type: 'reservation', id: 'r1' },
    space: { id: 's', name: 'Acme Coworking', slug: 'acme', timeZone: 'Europe/Paris' },
    details: {},
    changes: {},
    link: null,
    ...overrides,
  };
}

describe('activity sentences', () => {
  it.each(LOCALES.map((locale) => [locale]))(
    'has a label and every sentence of every kind in %s',
    (locale) => {
      const t = serverTranslator(locale).fixed();
      const missing = ACTIVITY_KINDS.flatMap((kind) =>
        (['label', ...variantsOf(kind)] as const)
          .map((part) => `activity:${kindKey(kind, part)}`)
          .filter(
            (key) =>
              !t(key, { returnObjects: false }) || t(key) === key.slice('activity:'.length) || t(key) === key,
          ),
      );
      expect(missing).toEqual([]);
    },
  );

  it.each(LOCALES.map((locale) => [locale]))(
    'fills every blank of every sentence in %s, details or not',
    (locale) => {
      const t = translate(locale);
      for (const kind of ACTIVITY_KINDS) {
        for (const about of [null, { type: 'person' as const, id: 'other', name: 'Léa Petit' }]) {
          for (const details of [
            {} as TActivityItem['details'],
            {
              roomName: 'Salle Atlas',
              startsAt: '2026-05-11T07:00:00Z',
              endsAt: '2026-05-11T08:00:00Z',
              email: 'lea@example.test',
            },
          ]) {
            for (const viewerId of ['member', 'other', 'someone-else']) {
              const sentence = describeActivity(item({ kind, about, details }), {
                viewerId,
                locale,
                timeZone: 'Europe/Paris',
                t,
              });
              expect(sentence, `${kind} for ${viewerId}`).not.toMatch(/\{\{|\}\}|undefined|null|kinds\./);
              expect(sentence.charAt(0)).toBe(sentence.charAt(0).toLocaleUpperCase(locale));
            }
          }
        }
      }
    },
  );

  it.each(LOCALES.map((locale) => [locale]))('has words for every reason Escale records, in %s', (locale) => {
    const t = serverTranslator(locale).fixed();
    const missing = ACTIVITY_REASON_CODES.filter((code) =>
      [`reasons.${code}`, `activity:reasons.${code}`].includes(t(`activity:reasons.${code}`)),
    );
    expect(missing).toEqual([]);
  });

  it('speaks to the reader: what they did, what was done to them, what others did', () => {
    const t = translate('fr');
    const cancelled = item({
      kind: 'reservation.cancelled',
      actor: { type: 'person', id: 'manager', name: 'Julien Moreau' },
      about: { type: 'person', id: 'member', name: 'Camille Martin' },
      details: {
        roomName: 'Salle Parmentier',
        startsAt: '2026-05-11T07:00:00Z',
        endsAt: '2026-05-11T08:00:00Z',
      },
    });
    const say = (viewerId: string, entry = cancelled) =>
      describeActivity(entry, { viewerId, locale: 'fr', timeZone: 'Europe/Paris', t });
    expect(say('member')).toBe(
      'Julien Moreau a annulé votre réservation de Salle Parmentier (Acme Coworking) : lundi 11 mai 2026, 09:00 – 10:00',
    );
    expect(say('manager')).toBe(
      'Vous avez annulé la réservation de Camille Martin : Salle Parmentier (Acme Coworking), lundi 11 mai 2026, 09:00 – 10:00',
    );
    expect(say('admin')).toBe(
      'Julien Moreau a annulé la réservation de Camille Martin : Salle Parmentier (Acme Coworking), lundi 11 mai 2026, 09:00 – 10:00',
    );
    const own = item({ kind: 'reservation.cancelled', details: cancelled.details });
    expect(say('member', own)).toMatch(/^Vous avez annulé votre réservation de Salle Parmentier/);
    expect(say('manager', own)).toMatch(/^Camille Martin a annulé sa réservation de Salle Parmentier/);
    const gone = item({ actor: { type: 'deleted', id: null, name: null } });
    expect(say('manager', gone)).toBe(
      'Un compte supprimé a réservé la salle (Acme Coworking) : créneau non précisé',
    );
    const sweep = item({
      kind: 'reservation.completed',
      actor: { type: 'system', id: null, name: null },
      about: cancelled.about,
    });
    expect(say('member', sweep)).toBe(
      'Votre réservation de la salle (Acme Coworking) est terminée : créneau non précisé',
    );
    expect(say('manager', sweep)).toMatch(/^Escale a clôturé la réservation de Camille Martin/);
  });

  it('writes English too, with times in the space’s zone', () => {
    const t = translate('en');
    const entry = item({
      space: { id: 's', name: 'Loft', slug: 'loft', timeZone: 'America/New_York' },
      details: { roomName: 'Hall', startsAt: '2026-05-11T14:00:00Z', endsAt: '2026-05-11T15:00:00Z' },
    });
    expect(describeActivity(entry, { viewerId: 'member', locale: 'en', timeZone: 'Europe/Paris', t })).toBe(
      'You booked Hall (Loft): Monday 11 May 2026, 10:00 – 11:00',
    );
  });
  it('says how a booking or an event place was paid: the credit it took, or its price', () => {
    const slot = {
      roomName: 'Salle Parmentier',
      startsAt: '2026-05-11T07:00:00Z',
      endsAt: '2026-05-11T09:00:00Z',
    };
    const say = (locale: 'fr' | 'en', entry: TActivityItem) =>
      describeActivity(entry, { viewerId: 'member', locale, timeZone: 'Europe/Paris', t: translate(locale) });
    const withCredits = item({
      details: {
        ...slot,
        status: 'confirmed',
        paidWith: 'credits',
        creditAmount: 120,
        creditUnit: 'minutes',
      },
    });
    expect(say('fr', withCredits)).toBe(
      'Vous avez réservé Salle Parmentier (Acme Coworking) : lundi 11 mai 2026, 09:00 – 11:00 · payée en crédits : 2 h',
    );
    expect(say('en', withCredits)).toBe(
      'You booked Salle Parmentier (Acme Coworking): Monday 11 May 2026, 09:00 – 11:00 · paid with credits: 2 h',
    );
    const atPrice = item({ details: { ...slot, status: 'confirmed', paidWith: 'price', totalCents: 5400 } });
    expect(say('fr', atPrice)).toMatch(/ · 54,00\s€ TTC$/);
    expect(say('en', atPrice)).toMatch(/ · €54\.00 incl\. VAT$/);
    const place = item({
      kind: 'registration.created',
      subject: { type: 'registration', id: 'g1' },
      details: {
        eventTitle: 'Atelier photo',
        status: 'registered',
        paidWith: 'credits',
        creditAmount: 1,
        creditUnit: 'entries',
      },
    });
    expect(say('fr', place)).toBe(
      'Vous vous êtes inscrit à Atelier photo (Acme Coworking) · payée en crédits : 1 entrée',
    );
    // A free booking, or an entry written before payments were recorded, says nothing of money.
    expect(say('fr', item({ details: { ...slot, status: 'confirmed' } }))).not.toContain('·');
  });
});
