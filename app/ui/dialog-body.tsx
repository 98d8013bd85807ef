import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import { focusPageHeading, rememberFocus } from '~/platform/focus';
import { cn } from './cn';

interface DialogBodyProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * The modal itself, on Radix's dialog (./dialog.tsx loads it when a dialog first opens): focus trapped, Escape
 * closes, full width on phones and at most "large" (32rem) on wide screens. Closed, it gives focus back to the
 * control that opened it (a trigger or any button that set `open`); when that control is gone (the action
 * removed it), to the nearest control still there, never to `<body>`.
 */
export default function DialogBody({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: DialogBodyProps) {
  const { t } = useTranslation();
  // Set when the dialog opens, while focus is still on what opened it.
  const restoreFocus = useRef<(() => void) | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <RadixDialog.Content
          className={cn(
            'bg-surface fixed inset-x-0 bottom-0 z-50 max-h-[90vh] overflow-y-auto rounded-t-2xl p-6 shadow-xl',
            'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2',
            'sm:-translate-y-1/2 sm:rounded-2xl',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            restoreFocus.current = rememberFocus(document.activeElement);
          }}
          onCloseAutoFocus={(event) => {
            // Radix would focus the trigger only, and `<body>` when the trigger is gone.
            event.preventDefault();
            (restoreFocus.current ?? focusPageHeading)();
            restoreFocus.current = null;
          }}
        >
          <RadixDialog.Title className="pr-8 text-lg font-semibold">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="text-ink-soft mt-1">{description}</RadixDialog.Description>
          ) : null}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close
            className="text-ink-soft hover:bg-muted absolute top-4 right-4 rounded-full p-1"
            aria-label={t('ui.close')}
          >
            <X aria-hidden className="size-5" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
