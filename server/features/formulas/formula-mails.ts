import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatCredit, formulaName, formulaPath } from '#contract/formulas';
import { ZUuid } from '#contract/input';
import { formatMoney } from '#contract/money';
import { formatDay } from '#contract/reservation-format';
import { users } from '../../db/schema/auth';
import { formulas, orders, plans } from '../../db/schema/formulas';
import { spaces } from '../../db/schema/spaces';
import { defineMail } from '../../platform/mail-jobs';
import { greetingFor } from '../../platform/mail-layout';

/** What a member is told by e-mail about what they hold. All three are transactional (the law asks for the first two). */
export const FORMULA_MAIL_EVENTS = ['order-placed', 'plan-cancelled', 'renewal-reminder'] as const;

/**
 * The member's e-mail about a plan, in their language, read when the job runs. A renewal reminder whose
 * membership was cancelled meanwhile is not sent.
 */
export const formulaMailJob = defineMail({
  kind: 'formulas.mail',
  payload: z.object({ event: z.enum(FORMULA_MAIL_EVENTS), planId: ZUuid, orderId: ZUuid.optional() }),
  async compose({ event, planId, orderId }, ctx) {
    const [row] = await ctx.db
      .select({
        plan: plans,
        formula: formulas,
        space: { name: spaces.name, timeZone: spaces.timeZone },
        member: { id: users.id, name: users.name, email: users.email, locale: users.locale },
      })
      .from(plans)
      .innerJoin(formulas, eq(formulas.id, plans.formulaId))
      .innerJoin(spaces, eq(spaces.id, plans.spaceId))
      .innerJoin(users, eq(users.id, plans.userId))
      .where(eq(plans.id, planId));
    if (!row) return null;
    if (event === 'renewal-reminder' && row.plan.status !== 'active') return null;
    const [order] = orderId ? await ctx.db.select().from(orders).where(eq(orders.id, orderId)) : [];
    const { plan, formula, space, member } = row;
    return {
      to: { email: member.email, userId: member.id, locale: member.locale },
      category: 'transactional',
      write: (locale, t) => {
        const key = (part: string) => `formulas.events.${event}.${part}`;
        const values = {
          formula: formulaName(formula, locale),
          space: space.name,
          date: plan.periodEndsAt ? formatDay(locale, plan.periodEndsAt.toISOString(), space.timeZone) : '',
        };
        const details: Array<[string, string]> = [
          [t('formulas.labels.formula'), values.formula],
          [t('formulas.labels.space'), space.name],
          [
            t('formulas.labels.credit'),
            formatCredit(locale, formula.creditAmount, formula.creditUnit, (key, values) =>
              t(`formulas.${key}`, values),
            ),
          ],
        ];
        if (order) {
          details.push([t('formulas.labels.total'), formatMoney(order.totalCents, locale)]);
          details.push([t('formulas.labels.payment'), t(`formulas.payment.${order.paymentMethod}`)]);
        }
        if (plan.periodEndsAt && event !== 'order-placed')
          details.push([t('formulas.labels.until'), values.date]);
        return {
          subject: t(key('subject'), values),
          greeting: greetingFor(locale, member.name),
          paragraphs: [t(key('lead'), values)],
          details,
          action: {
            label: t(key('button')),
            url:
              event === 'order-placed' && plan.status === 'pending_payment'
                ? `${ctx.baseUrl}${formulaPath(formula.id)}`
                : `${ctx.baseUrl}/plans`,
          },
        };
      },
    };
  },
});
