import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { getFormula } from '#contract/formulas';
import { formulaName, formulaPath } from '#contract/formulas.plain';
import { decimalOf } from '#contract/money';
import type { Route } from './+types/formula';
import { FormulaPage } from '~/features/formulas/formula-page';
import { JsonLd } from '~/platform/json-ld';
import { useLocale } from '~/platform/use-locale';
import { localeOfMatches, translatorFor } from '~/platform/meta';
import { seoMeta, shortDescription } from '~/platform/seo';

export const handle: I18nHandle = { i18n: ['formulas', 'spaces'] };
await loadRouteNamespaces(handle);

/** `/formulas/{id}` (public): an unknown or unpublished formula is the 404 page. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const found = await context.call(getFormula, { id: params.id });
  return { ...found, viewer: context.viewer, path: formulaPath(found.formula.id) };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const locale = localeOfMatches(matches);
  const t = translatorFor(matches);
  const name = formulaName(data.formula, locale);
  return seoMeta(matches, {
    title: `${name}, ${data.space.name}`,
    description: shortDescription(
      t('formulas:metaDescription', { name, space: data.space.name, city: data.space.city }),
    ),
    path: data.path,
  });
}

export default function FormulaRoute({ loaderData }: Route.ComponentProps) {
  const { formula, space } = loaderData;
  const locale = useLocale();
  const offer = {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    name: formulaName(formula, locale),
    price: decimalOf(formula.priceInclVatCents),
    priceCurrency: formula.currency,
    availability:
      formula.status === 'active' ? 'https://schema.org/InStock' : 'https://schema.org/Discontinued',
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price: decimalOf(formula.priceInclVatCents),
      priceCurrency: formula.currency,
      valueAddedTaxIncluded: true,
    },
    seller: {
      '@type': 'LocalBusiness',
      name: space.name,
      address: { '@type': 'PostalAddress', addressLocality: space.city },
    },
  };
  return (
    <>
      <JsonLd data={offer} />
      <FormulaPage data={loaderData} />
    </>
  );
}
