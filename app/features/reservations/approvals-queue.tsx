import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { approveReservation, declineReservation, type TManagedReservation } from '#contract/reservations';
import { call } from '~/platform/callable-client';
import { Button } from '~/ui/button';
import { EmptyState } from '~/ui/empty-state';
import { useForm } from '~/platform/use-form';
import { CancelButton } from './cancel-button';
import { ReasonDialog } from './reason-dialog';
import { ReservationCard } from './reservation-card';

/** Declines a booking request, with the reason its member receives. */
function DeclineButton({ request, onDone }: { request: TManagedReservation; onDone: () => void }) {
  const { t } = useTranslation('reservations');
  return (
    <ReasonDialog
      triggerLabel={t('approvals.decline')}
      title={t('approvals.declineTitle', { name: request.member.name })}
      field={{ label: t('approvals.reason'), hint: t('approvals.reasonHint'), minLength: 3 }}
      keepLabel={t('cancel.keep')}
      confirmLabel={t('approvals.declineConfirm')}
      confirmVariant="danger"
      success={t('approvals.declined')}
      send={(reason) => call(declineReservation, { id: request.id, reason })}
      onDone={onDone}
    />
  );
}

/** Approves a booking request in one click. */
function ApproveButton({ request, onDone }: { request: TManagedReservation; onDone: () => void }) {
  const { t } = useTranslation('reservations');
  const form = useForm({ namespace: 'reservations', fields: false });
  async function approve() {
    const approved = await form.run(
      () => call(approveReservation, { id: request.id }),
      t('approvals.approved', { name: request.member.name }),
    );
    if (approved) onDone();
  }
  return (
    <Button size="sm" onClick={() => void approve()} disabled={form.pending}>
      {t('approvals.approve')}
    </Button>
  );
}

/**
 * What waits for a decision in the spaces I manage: who, what, when. A booking request is approved in one
 * click or declined with a reason; a booking its member asked to cancel is cancelled with a reason.
 */
export function ApprovalsQueue({ initial }: { initial: TManagedReservation[] }) {
  const { t } = useTranslation('reservations');
  const [requests, setRequests] = useState(initial);
  const remove = (id: string) => setRequests((list) => list.filter((item) => item.id !== id));

  if (requests.length === 0) {
    return (
      <EmptyState icon={Inbox} title={t('approvals.emptyTitle')}>
        {t('approvals.emptyText')}
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-4" aria-label={t('approvals.listLabel')}>
      {requests.map((request) => (
        <li key={request.id}>
          <ReservationCard
            reservation={request}
            forManager
            actions={
              <>
                <p className="mr-auto text-sm">
                  {t(request.status === 'pending' ? 'approvals.by' : 'approvals.bookedBy', {
                    name: request.member.name,
                    email: request.member.email,
                  })}{' '}
                  · {request.space.name}
                </p>
                {request.status === 'pending' ? (
                  <>
                    <ApproveButton request={request} onDone={() => remove(request.id)} />
                    <DeclineButton request={request} onDone={() => remove(request.id)} />
                  </>
                ) : (
                  <CancelButton
                    reservation={request}
                    asManager
                    memberName={request.member.name}
                    onCancelled={() => remove(request.id)}
                  />
                )}
              </>
            }
          />
        </li>
      ))}
    </ul>
  );
}
