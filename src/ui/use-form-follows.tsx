import { useCallback, useLayoutEffect, useRef } from 'react';
import type { FieldValues, UseFormReset } from 'react-hook-form';

/**
 * A form over a stored row (docs/architecture.md "Writing: queued mutations"): it follows the row when a pull or a
 * replay changes it, unless the user is typing; what was typed in the meantime is kept (`keepDirtyValues`: the
 * effect may run after a keystroke it did not see). It resets when the row changes, not when the form stops being
 * dirty: after a save the form is clean at once, while the stored row the screen holds is still the one the save
 * started from until the live query delivers the saved one. Resetting to it then showed the old value again for a
 * moment, and what the user typed next landed after the restored value. Returns what a save calls in place of
 * `reset(values)`.
 *
 * A layout effect: the form's first frame holds the row's values. Reset after that frame, the fields that depend on
 * them (the payment mode's hint, the mandate line) appeared a frame later and pushed the rest of the form down: a
 * layout shift on a first visit (issue 41).
 */
export const useFormFollows = <Row extends object, Values extends FieldValues>(
  row: Row | null | undefined,
  valuesOf: (row: Row) => Values,
  isDirty: boolean,
  reset: UseFormReset<Values>,
): ((saved: Values) => void) => {
  const followed = useRef<Row | null>(null);
  useLayoutEffect(() => {
    if (!row || isDirty || row === followed.current) return;
    followed.current = row;
    reset(valuesOf(row), { keepDirtyValues: true });
  }, [row, isDirty, reset, valuesOf]);
  return useCallback(
    (saved: Values) => {
      followed.current = row ?? null;
      reset(saved);
    },
    [row, reset],
  );
};
