import { useTranslation } from '~/platform/translation';
import { COMMUTE_MODES, EMISSION_FACTORS } from './emission-factors';
import { formatGramsPerKm } from './format';

/** The columns: each heading's words (`factors.<name>`) and place (on a phone the source goes under the mode). */
const COLUMNS = [
  { name: 'mode', className: 'py-2 pr-3 font-semibold sm:w-44' },
  { name: 'value', className: 'py-2 pr-3 text-right font-semibold whitespace-nowrap' },
  { name: 'source', className: 'hidden py-2 font-semibold sm:table-cell' },
] as const;

/** The published factors the calculator uses, with what each counts and where it comes from. */
export function EmissionFactorsTable() {
  const { t, i18n } = useTranslation('co2');
  return (
    <table className="mt-4 w-full border-collapse text-left text-sm sm:text-base">
      <caption className="sr-only">{t('factors.caption')}</caption>
      <thead>
        <tr className="border-line border-b-2">
          {COLUMNS.map((column) => (
            <th key={column.name} scope="col" className={column.className}>
              {t(`factors.${column.name}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {COMMUTE_MODES.map((mode) => (
          <tr key={mode} className="border-line border-b align-top">
            <th scope="row" className="py-3 pr-3 font-medium">
              {t(`modes.${mode}`)}
              <span className="text-ink-soft block text-sm font-normal">
                {t(`factors.basis.${EMISSION_FACTORS[mode].basis}`)}
              </span>
              {/* On a phone the source goes under the mode: three columns would be too narrow to read. */}
              <span className="text-ink-soft mt-1 block text-sm font-normal sm:hidden">
                {t(`factors.sources.${mode}`)}
              </span>
            </th>
            <td className="py-3 pr-3 text-right tabular-nums">
              {formatGramsPerKm(EMISSION_FACTORS[mode].kgCo2ePerKm, i18n.language)}
            </td>
            <td className="text-ink-soft hidden py-3 sm:table-cell">{t(`factors.sources.${mode}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
