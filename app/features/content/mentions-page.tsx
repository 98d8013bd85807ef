import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import { formatMoney } from '#contract/money';
import { useLocale } from '~/platform/use-locale';
import { linkClass } from '~/ui/link';
import { ContentPage, proseClass } from './content-page';
import { LEGAL_ENTITY } from './legal-entity';
import { RichText } from './rich-text';

/** The notice's sections that are one text each: their anchors and their keys under `mentions`. */
const TEXT_SECTIONS = [
  { id: 'contact', key: 'contact' },
  { id: 'intellectual-property', key: 'intellectualProperty' },
  { id: 'personal-data', key: 'personalData' },
  { id: 'credits', key: 'credits' },
] as const;

function Facts({ rows }: { rows: Array<[label: string, value: ReactNode]> }) {
  return (
    <dl className="border-line divide-line mt-4 divide-y rounded-xl border">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-[14rem_1fr] sm:gap-4">
          <dt className="text-ink-soft font-medium">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The French "mentions légales": publisher, director of publication, host, contact (LCEN art. 6 III). */
export function MentionsPage() {
  const { t } = useTranslation('content');
  const capital = formatMoney(LEGAL_ENTITY.shareCapitalCents, useLocale());
  const mail = (address: string) => (
    <a href={`mailto:${address}`} className={linkClass}>
      {address}
    </a>
  );
  const phone = (number: string) => (
    <a href={`tel:${number.replace(/\s/g, '')}`} className={linkClass}>
      {number}
    </a>
  );
  return (
    <ContentPage title={t('mentions.title')} lead={t('mentions.lead')}>
      <div className={proseClass}>
        <h2 id="publisher">{t('mentions.publisher.title')}</h2>
        <p>{t('mentions.publisher.text')}</p>
        <Facts
          rows={[
            [t('mentions.fields.companyName'), LEGAL_ENTITY.companyName],
            [t('mentions.fields.legalForm'), t(`mentions.legalForms.${LEGAL_ENTITY.legalForm}`)],
            [t('mentions.fields.shareCapital'), capital],
            [t('mentions.fields.address'), LEGAL_ENTITY.address],
            [
              t('mentions.fields.registry'),
              t('mentions.registryValue', { city: LEGAL_ENTITY.registryCity, siren: LEGAL_ENTITY.siren }),
            ],
            [t('mentions.fields.vatNumber'), LEGAL_ENTITY.vatNumber],
            [t('mentions.fields.phone'), phone(LEGAL_ENTITY.phone)],
            [t('mentions.fields.email'), mail(LEGAL_ENTITY.contactEmail)],
          ]}
        />

        <h2 id="director">{t('mentions.director.title')}</h2>
        <p>
          {t('mentions.director.text', {
            name: LEGAL_ENTITY.publicationDirector,
            role: t(`mentions.roles.${LEGAL_ENTITY.publicationDirectorRole}`),
            companyName: LEGAL_ENTITY.companyName,
          })}
        </p>

        <h2 id="host">{t('mentions.host.title')}</h2>
        <p>{t('mentions.host.text')}</p>
        <Facts
          rows={[
            [t('mentions.fields.companyName'), LEGAL_ENTITY.host.name],
            [t('mentions.fields.address'), LEGAL_ENTITY.host.address],
            [t('mentions.fields.phone'), phone(LEGAL_ENTITY.host.phone)],
            [t('mentions.fields.website'), LEGAL_ENTITY.host.website],
          ]}
        />

        {TEXT_SECTIONS.map(({ id, key }) => (
          <Fragment key={id}>
            <h2 id={id}>{t(`mentions.${key}.title`)}</h2>
            <p>
              <RichText i18nKey={`mentions.${key}.text`} />
            </p>
          </Fragment>
        ))}
      </div>
    </ContentPage>
  );
}
