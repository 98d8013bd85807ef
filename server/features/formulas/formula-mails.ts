import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatCredit, formulaName, formulaPath } from '#contract/formulas';
import { ZUuid } from '#contract/input';
import { formatMoney } from '#contract/money';
import { formatDay, formatLastDay } from '#contract/reservation-format';
import { users } from '../../db/schema/auth';
import { formulas, orders, planPauses, plans } from '../../db/schema/formulas';
import { spaces } from '../../db/schema/spaces';
import { defineMail } from '../../platform/mail-jobs';
import { greetingFor } from '../../platform/mail-layout';
import { daysFromUntil } from '#contract/dates';

/**
 * What a member is told by e-mail about what they hold. All are transactional (the law asks for the first
 * two); a pause's confirmation says its dates and what it moves.
 */
export const FORMULA_MAIL_EVENTS = [
  'order-placed',
  'plan-cancelled',
  'renewal-reminder',
  'pause-scheduled',
] as const;

/**
 * The member's e-mail about a plan, in their language, read when the job runs. A renewal reminder whose
 * membership was cancelled meanwhile is not sent.
 */
export const formulaMailJob = defineMail({
  kind: 'formulas.mail',
  payload: z.object({
    event: z.enum(FORMULA_MAIL_EVENTS),
    planId: ZUuid,
    orderId: ZUuid.optional(),
    pauseId: ZUuid.optional(),
  }),
  async compose({ event, planId, orderId, pauseId }, ctx) {
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
    const [pause] = pauseId ? await ctx.db.select().from(planPauses).where(eq(planPauses.id, pauseId)) : [];
    // A pause called off before its e-mail left is not confirmed.
    if (event === 'pause-scheduled' && (!pause || pause.status === 'cancelled')) return null;
    const { plan, formula, space, member } = row;
    return {
      to: { email: member.email, userId: member.id, locale: member.locale },
      category: 'transactional',
      write: (locale, t) => {
        const key = (part: string) => `formulas.events.${event}.${part}`;
        const day = (at: Date) => formatDay(locale, at.toISOString(), space.timeZone);
        const values = {
          formula: formulaName(formula, locale),
          space: space.name,
          // The day a membership renews: its next period's first day.
          date: plan.periodEndsAt ? day(plan.periodEndsAt) : '',
          // The last day of the paid period or validity, as people read "until".
          lastDay: plan.periodEndsAt ? formatLastDay(locale, plan.periodEndsAt, space.timeZone) : '',
          from: pause ? day(pause.startsAt) : '',
          // The last day paused (the pause resumes at the next day's midnight).
          to: pause ? formatLastDay(locale, pause.endsAt, space.timeZone) : '',
          days: pause ? daysFromUntil(pause.startsOn, pause.endsOn) : 0,
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
        if (plan.periodEndsAt && event !== 'order-placed' && event !== 'pause-scheduled')
          details.push([t('formulas.labels.until'), values.lastDay]);
        if (pause)
          details.push([
            t('formulas.labels.pause'),
            t('formulas.pauseDates', { ...values, count: values.days }),
          ]);
        return {
          subject: t(key('subject'), values),
          greeting: greetingFor(locale, member.name),
          paragraphs:
            event === 'pause-scheduled'
              ? [t(key('lead'), values), t(key('credit'), values), t(key('change'), values)]
              : [t(key('lead'), values)],
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
