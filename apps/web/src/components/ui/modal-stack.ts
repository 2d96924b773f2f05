/**
 * The modals open right now, oldest first. Modals nest (a confirm over the promotion dialog, an
 * alert over the withdraw dialog): only the top one may answer Escape, and the page behind stays
 * still while any is open. Kept apart from the component so it can be tested without a DOM.
 */
export interface ModalStack {
  /** Puts a new modal on top; the entry identifies it for `isTop` and `close`. */
  open: () => symbol;
  /** Removes the modal wherever it is (an inner modal may close after an outer one). */
  close: (entry: symbol) => void;
  isTop: (entry: symbol) => boolean;
  size: () => number;
}

/** Guards against a leak (a modal that never closes); far above any real nesting. */
const MAX_OPEN_MODALS = 16;

export function createModalStack(): ModalStack {
  const entries: symbol[] = [];
  return {
    open() {
      if (entries.length >= MAX_OPEN_MODALS) throw new Error(`more than ${MAX_OPEN_MODALS} modals open: one is never closed`);
      const entry = Symbol('modal');
      entries.push(entry);
      return entry;
    },
    close(entry) {
      const index = entries.indexOf(entry);
      if (index >= 0) entries.splice(index, 1);
    },
    isTop: (entry) => entries.length > 0 && entries[entries.length - 1] === entry,
    size: () => entries.length,
  };
}

/** The one stack of the page. */
export const modalStack = createModalStack();
