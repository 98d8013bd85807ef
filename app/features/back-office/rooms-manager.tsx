import { Pencil, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import {
  createRoom,
  setRoomArchived,
  updateRoom,
  type TManagedRoom,
  type TRoomInput,
} from '#contract/back-office';
import type { Locale } from '#contract/locale';
import { formatMoney } from '#contract/money';
import { Button } from '~/ui/button';
import { cn } from '~/ui/cn';
import { toast } from '~/ui/toast-store';
import { PhotoManager } from './photo-manager';
import { NEW_ROOM, RoomForm } from './room-form';
import { Section } from '~/ui/section';
import { useOperation } from '~/platform/use-operation';

function inputOf(room: TManagedRoom): TRoomInput {
  const { id: _id, archived: _archived, prices: _prices, photos: _photos, ...input } = room;
  return input;
}

/** The space's rooms: each can be edited, given photos, taken off the offer; new ones are added here. */
export function RoomsManager({
  spaceId,
  rooms,
  withPhotos = true,
  hint,
  footer,
}: {
  spaceId: string;
  rooms: TManagedRoom[];
  withPhotos?: boolean;
  hint?: string;
  footer?: ReactNode;
}) {
  const { t, i18n } = useTranslation('backoffice');
  const locale = i18n.language as Locale;
  const [editing, setEditing] = useState<string | 'new' | null>(rooms.length ? null : 'new');
  const create = useOperation(createRoom);
  const update = useOperation(updateRoom, { success: '' });
  const archive = useOperation(setRoomArchived, { success: '' });

  async function added(room: TRoomInput) {
    if (await create.run({ spaceId, room })) {
      toast({ title: t('rooms.created', { name: room.name }), color: 'success' });
      setEditing(null);
    }
  }

  return (
    <Section title={t('rooms.title')} hint={hint}>
      {rooms.length === 0 && editing !== 'new' ? <p className="text-ink-soft">{t('rooms.none')}</p> : null}
      <ul className="flex flex-col gap-3" aria-label={t('rooms.title')}>
        {rooms.map((room) => (
          <li key={room.id} className={cn('border-line rounded-xl border p-4', room.archived && 'bg-muted')}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <h3 className="font-semibold" id={`room-${room.id}-title`}>
                  {room.name}
                </h3>
                <p className="text-ink-soft text-sm">
                  {t(`spaces:kinds.${room.kind}`)} · {t('spaces:capacity', { count: room.capacity })}
                  {room.prices.fromCents !== null
                    ? ` · ${t('rooms.fromPrice', { price: formatMoney(room.prices.fromCents, locale) })}`
                    : ''}
                  {room.archived ? ` · ${t('rooms.archived')}` : ''}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setEditing(editing === room.id ? null : room.id)}
                  aria-expanded={editing === room.id}
                >
                  <Pencil aria-hidden className="size-4" />
                  {t('rooms.edit', { name: room.name })}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => void archive.run({ roomId: room.id, archived: !room.archived })}
                >
                  {room.archived ? t('rooms.restore') : t('rooms.archive')}
                </Button>
              </div>
            </div>
            {editing === room.id ? (
              <div className="mt-4 flex flex-col gap-6">
                <RoomForm
                  idPrefix={`room-${room.id}`}
                  initial={inputOf(room)}
                  pending={update.pending}
                  submitLabel={t('save')}
                  errorOf={update.errorOf}
                  onSubmit={(input) =>
                    void update.run({ roomId: room.id, room: input }).then((ok) => ok && setEditing(null))
                  }
                  onCancel={() => setEditing(null)}
                />
                {withPhotos ? (
                  <PhotoManager
                    owner={{ type: 'room', id: room.id }}
                    photos={room.photos}
                    title={t('rooms.photos', { name: room.name })}
                  />
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <div className="border-primary rounded-xl border-2 p-4">
          <h3 id="room-new-title" className="mb-3 font-semibold">
            {t('rooms.add')}
          </h3>
          <RoomForm
            idPrefix="room-new"
            initial={NEW_ROOM}
            pending={create.pending}
            submitLabel={t('rooms.add')}
            errorOf={create.errorOf}
            onSubmit={(room) => void added(room)}
            onCancel={rooms.length ? () => setEditing(null) : undefined}
          />
        </div>
      ) : (
        <Button variant="outline" className="self-start" onClick={() => setEditing('new')}>
          <Plus aria-hidden className="size-4" />
          {t('rooms.add')}
        </Button>
      )}
      {footer ? <div className="flex flex-wrap items-center gap-3">{footer}</div> : null}
    </Section>
  );
}
