import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/**
 * When a DateField's calendar is open: on a click, Enter, ArrowDown or a Space in the empty field
 * (then the calendar takes the focus), until Escape, Tab, a pick or a click elsewhere. Enter or
 * Escape in the field also read what was typed (`checkTyped`).
 */
export function useCalendarPopup(calendarId: string, typed: string | null, checkTyped: () => void) {
  const [open, setOpen] = useState<false | 'pointer' | 'keyboard'>(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) input.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    if (open === 'keyboard')
      wrapper.current
        ?.querySelector<HTMLButtonElement>(`#${CSS.escape(calendarId)} .rdp-day_button[tabindex="0"]`)
        ?.focus();
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, calendarId]);

  function onInputKey(event: KeyboardEvent<HTMLInputElement>) {
    const { key } = event;
    // Enter never sends the form from a date field: it confirms what was typed, or opens the
    // calendar, as the down arrow and a Space in the empty field do.
    if (key === 'Enter') {
      event.preventDefault();
      if (typed !== null) {
        close(false);
        checkTyped();
      } else if (!open) setOpen('keyboard');
    } else if (!open && (key === 'ArrowDown' || (key === ' ' && event.currentTarget.value === ''))) {
      event.preventDefault();
      setOpen('keyboard');
    } else if (event.key === 'Escape') {
      if (open) event.preventDefault();
      close(false);
      checkTyped();
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  return { open, setOpen, wrapper, input, close, onInputKey };
}
