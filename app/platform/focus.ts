/**
 * Where keyboard focus goes when what had it goes away: after a navigation, the new page's main heading;
 * after a dialog, its opener or, when the opener is gone, the nearest control that is still there. Focus is
 * never left on `<body>`, where a screen reader starts over and the next Tab starts from the top.
 */

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function isShown(element: Element): boolean {
  return element.getClientRects().length > 0;
}

/** The first control of `container` that Tab would reach, if any. */
export function firstTabbable(container: ParentNode): HTMLElement | null {
  for (const element of container.querySelectorAll<HTMLElement>(TABBABLE)) {
    if (isShown(element) && !element.closest('[inert],[aria-hidden="true"]')) return element;
  }
  return null;
}

/**
 * Focuses the page's main heading (the `h1` of `main`, else the first `h1`, else `main`), made focusable
 * with `tabindex="-1"` so that it is reachable by script but adds no Tab stop. The page does not scroll:
 * the scroll rules (app/platform/scroll.ts) decide that. Answers whether focus moved there.
 */
export function focusPageHeading(doc: Document = document): boolean {
  const target =
    doc.querySelector<HTMLElement>('main h1') ??
    doc.querySelector<HTMLElement>('h1') ??
    doc.querySelector('main');
  if (!target) return false;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return doc.activeElement === target;
}

/**
 * Remembers where focus was (an element and the elements around it) so that it can go back there: to the
 * element itself while it is still in the page, else to the first control of its closest ancestor still in
 * the page (a list whose item was removed, say), else to the page's heading.
 */
export function rememberFocus(element: Element | null) {
  const ancestors: Element[] = [];
  for (let node = element?.parentElement ?? null; node && node !== document.body; node = node.parentElement)
    ancestors.push(node);
  return function restoreFocus() {
    if (element instanceof HTMLElement && element.isConnected && isShown(element)) {
      element.focus();
      if (document.activeElement === element) return;
    }
    for (const ancestor of ancestors) {
      if (!ancestor.isConnected) continue;
      const next = firstTabbable(ancestor);
      if (next) {
        next.focus();
        return;
      }
    }
    focusPageHeading();
  };
}

/**
 * Keeps focus off `<body>` when the focused control is taken out of the page (a list item deleted, a section
 * replaced after a save): focus goes to the nearest control still there, as `rememberFocus` finds it. A
 * click on empty space, which also leaves focus on `<body>`, is left alone: the control is still there.
 * Navigations and dialogs then put focus where they mean to (they run after this). Answers the cleanup.
 */
export function keepFocusOffBody(doc: Document = document): () => void {
  let last: { element: HTMLElement; restore: () => void } | null = null;
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement && event.target !== doc.body)
      last = { element: event.target, restore: rememberFocus(event.target) };
  };
  const observer = new MutationObserver(() => {
    if (!last || last.element.isConnected) return;
    const active = doc.activeElement;
    if (active && active !== doc.body) return;
    const { restore } = last;
    last = null;
    restore();
  });
  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
