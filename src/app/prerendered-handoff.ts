/*
 * Hand-over from the prerendered page to the app. The server sends the login screen (or the app shell) as HTML
 * built at build time, so a phone paints it before any JavaScript runs; the app then renders its own DOM in its
 * place, in one commit, once its first route is ready. What the user typed or chose in the prerendered form until
 * that commit is carried over to the app's fields (with the events React listens to, so the form state sees it),
 * and the focus stays in the same field.
 */

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export type Handoff = {
  values: { name: string; value: string }[];
  focus: { name: string; selection: [number, number] | null } | null;
};

/** Checkboxes, radios and buttons keep no typed text; they are not carried over. */
const notTyped = new Set(['checkbox', 'radio', 'hidden', 'submit', 'button', 'reset', 'file', 'image']);

const namedFields = (root: ParentNode): Field[] =>
  Array.from(root.querySelectorAll<Field>('input[name], select[name], textarea[name]')).filter(
    (field) => !(field instanceof HTMLInputElement && notTyped.has(field.type)),
  );

const isChanged = (field: Field): boolean =>
  field instanceof HTMLSelectElement
    ? Array.from(field.options).some((option) => option.selected !== option.defaultSelected)
    : field.value !== field.defaultValue;

const selectionOf = (field: Field): [number, number] | null => {
  if (field instanceof HTMLSelectElement) return null;
  try {
    return field.selectionStart === null || field.selectionEnd === null ? null : [field.selectionStart, field.selectionEnd];
  } catch {
    // Inputs without a text selection (email, number) throw in some browsers.
    return null;
  }
};

/** What the user changed in the prerendered page under `root`, and where the focus is. */
export const readHandoff = (root: ParentNode, active: Element | null): Handoff => {
  const fields = namedFields(root);
  const focused = fields.find((field) => field === active);
  return {
    values: fields.filter(isChanged).map((field) => ({ name: field.name, value: field.value })),
    focus: focused ? { name: focused.name, selection: selectionOf(focused) } : null,
  };
};

/** Sets a value the way typing does: through the element's own setter, then the event React listens to. */
const setAsTyped = (field: Field, value: string): void => {
  // React tracks the value through a setter on the element itself; the prototype's setter (called with the
  // element as receiver) bypasses it, so the event below counts as a change.
  Reflect.set(Object.getPrototypeOf(field) as object, 'value', value, field);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
};

/** Puts the values and the focus read by readHandoff into the app's fields of the same names under `root`. */
export const applyHandoff = (root: ParentNode, handoff: Handoff): void => {
  const fields = namedFields(root);
  const byName = (name: string) => fields.find((field) => field.name === name);
  for (const { name, value } of handoff.values) {
    const field = byName(name);
    if (field && field.value !== value) setAsTyped(field, value);
  }
  if (!handoff.focus) return;
  const field = byName(handoff.focus.name);
  if (!field) return;
  field.focus();
  const selection = handoff.focus.selection;
  if (selection && !(field instanceof HTMLSelectElement)) {
    try {
      field.setSelectionRange(selection[0], selection[1]);
    } catch {
      // See selectionOf.
    }
  }
};

/**
 * Follows the prerendered page under `root` while the app renders (that may take a few frames): `take()`, called
 * right after the app's DOM replaced it, reads what the user typed up to that moment from the removed nodes, which
 * keep their values, and which field had the focus.
 */
export const watchPrerendered = (root: HTMLElement): { take: () => Handoff } => {
  const nodes = Array.from(root.childNodes);
  let focused: Element | null = document.activeElement;
  const onFocusIn = (event: FocusEvent) => {
    focused = event.target instanceof Element ? event.target : null;
  };
  // The user left the field for nothing focusable (a tap on the page): no focus to give back. Chromium also fires
  // this when the app's commit removes the focused field; that is no leave, and the field is out of the page by
  // the time a microtask runs (before take(), which waits for the commit's own promise).
  const onFocusOut = (event: FocusEvent) => {
    const target = event.target;
    if (event.relatedTarget !== null || !(target instanceof Node)) return;
    queueMicrotask(() => {
      if (target.isConnected && focused === target) focused = null;
    });
  };
  root.addEventListener('focusin', onFocusIn);
  root.addEventListener('focusout', onFocusOut);
  return {
    take: () => {
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
      const removed = document.createElement('div');
      removed.append(...nodes.filter((node) => !node.isConnected));
      return readHandoff(removed, focused);
    },
  };
};
