import {
  cloneElement,
  createContext,
  isValidElement,
  Suspense,
  useContext,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { lazyPart } from '~/platform/lazy-part';

interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}

// Radix's dialog (focus trap, dismissable layer, portal, scroll lock: about 10 KiB compressed) loads when a
// dialog is first opened, or its trigger pointed at or focused: a page that shows a dialog's trigger loads none
// of it (issue 31, docs/decisions/031-light-pages.md). The trigger is rendered here, outside the part that loads,
// so it keeps the focus while the dialog's code arrives and gets it back when the dialog closes.
const DialogBody = lazyPart(() => import('./dialog-body').then((module) => module.default));
const preload = () => void DialogBody.preload().catch(() => undefined);

/** Closes the dialog it is in (DialogClose). */
const CloseContext = createContext<(() => void) | null>(null);

interface TriggerProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
}

/**
 * A modal (./dialog-body.tsx): open while `open` says (controlled), or from its `trigger`, an element that
 * opens it when clicked.
 */
export function Dialog({ open: controlledOpen, onOpenChange, trigger, ...body }: DialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  // Once opened, the dialog's code stays rendered (closed), so a second opening is immediate.
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  const setOpen = (next: boolean) => {
    if (controlledOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <>
      {isValidElement<TriggerProps>(trigger) ? opener(trigger, open, () => setOpen(true)) : trigger}
      {used ? (
        <Suspense fallback={null}>
          <CloseContext.Provider value={() => setOpen(false)}>
            <DialogBody {...body} open={open} onOpenChange={setOpen} />
          </CloseContext.Provider>
        </Suspense>
      ) : null}
    </>
  );
}

/** The trigger as Radix's `Dialog.Trigger asChild` made it: it opens the dialog and says so. */
function opener(trigger: ReactElement<TriggerProps>, open: boolean, openDialog: () => void) {
  const own = trigger.props;
  return cloneElement(trigger, {
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    'data-state': open ? 'open' : 'closed',
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      preload();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      preload();
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      own.onClick?.(event);
      if (!event.defaultPrevented) openDialog();
    },
  } as TriggerProps);
}

/** Its child (a button) closes the dialog it is in, as Radix's `Dialog.Close asChild` did. */
export function DialogClose({ children }: { asChild: true; children: ReactElement<TriggerProps> }) {
  const close = useContext(CloseContext);
  const own = children.props;
  return cloneElement(children, {
    onClick: (event: MouseEvent<HTMLElement>) => {
      own.onClick?.(event);
      if (!event.defaultPrevented) close?.();
    },
  });
}
