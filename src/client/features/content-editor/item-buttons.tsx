import { useEffect, useId, useRef, useState } from 'react';
import { pageLocale } from '../../i18n/locale';
import { SMALL_BUTTON } from './form-values';
import { m } from '../../i18n/paraglide/messages';

interface ListActions {
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}

/**
 * Move up, move down and remove for the items of an ordered list. A moved item keeps the keyboard
 * focus on its button at its new place, and the move is announced, so the list is ordered by keyboard alone.
 */
export function useOrderedList(noun: string, actions: ListActions) {
  const listId = useId();
  const focus = useRef<string | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  // After the render that put the moved item at its new place.
  useEffect(() => {
    if (focus.current === undefined) return;
    document.getElementById(focus.current)?.focus();
    focus.current = undefined;
  });

  function buttons(index: number, count: number, removable = true) {
    const number = index + 1;
    const lower = noun.toLocaleLowerCase(pageLocale);
    const moveTo = (to: number) => {
      actions.move(index, to);
      // At either end the same button is disabled, so the focus goes to the other one.
      const direction = to === 0 ? 'down' : to === count - 1 ? 'up' : to < index ? 'up' : 'down';
      focus.current = `${listId}-${to}-${direction}`;
      setAnnouncement(m.editor_movedTo({ noun, number, position: to + 1, count }));
    };
    return (
      <div className="flex flex-wrap gap-2">
        <button
          id={`${listId}-${index}-up`}
          type="button"
          className={SMALL_BUTTON}
          disabled={index === 0}
          onClick={() => moveTo(index - 1)}
        >
          {m.editor_moveUp({ noun: lower, number })}
        </button>
        <button
          id={`${listId}-${index}-down`}
          type="button"
          className={SMALL_BUTTON}
          disabled={index === count - 1}
          onClick={() => moveTo(index + 1)}
        >
          {m.editor_moveDown({ noun: lower, number })}
        </button>
        {removable && (
          <button
            type="button"
            className={SMALL_BUTTON}
            onClick={() => {
              actions.remove(index);
              setAnnouncement(m.editor_removed({ noun, number }));
            }}
          >
            {m.editor_remove({ noun: lower, number })}
          </button>
        )}
      </div>
    );
  }

  const status = (
    <p className="sr-only" aria-live="polite">
      {announcement}
    </p>
  );
  return { buttons, status };
}
