import type { Translate } from '#contract/translator';
import { translateField } from '~/platform/form-errors';

/** A field's message: the community's own keys first (`community:errors.*`), else the shared ones. */
export function communityFieldError(t: Translate, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return t(`community:errors.${key}`, { defaultValue: translateField(t, key) ?? '' });
}
