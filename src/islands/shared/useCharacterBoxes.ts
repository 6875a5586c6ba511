/**
 * A value typed one character per box: the sign-in code's 4 digits, the PAN's 10 characters. Typing
 * advances, Backspace on an empty box clears the one before and moves there, the arrow keys move,
 * and a whole value pasted or autofilled into any box fills them all.
 */
import { type ChangeEvent, type ClipboardEvent, type KeyboardEvent, useCallback, useRef, useState } from 'react';

export interface CharacterBoxesOptions {
  length: number;
  /** What of typed or pasted text the boxes take (digits only; upper-cased letters and digits). */
  clean: (text: string) => string;
  /** Whether `character` may go into box `index`; filling stops at the first that may not. */
  fits?: (index: number, character: string) => boolean;
  /** Every change the person makes (a form that fills itself from saved data stops then). */
  onEdit?: () => void;
  /** A character that does not fit box `index` was typed or pasted there (so the screen can say why). */
  onRefuse?: (index: number, character: string) => void;
}

const anyCharacter = () => true;

export function useCharacterBoxes({ length, clean, fits = anyCharacter, onEdit, onRefuse }: CharacterBoxesOptions) {
  const empty = useCallback(() => Array.from({ length }, () => ''), [length]);
  const [characters, setCharacters] = useState<string[]>(empty);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  // Stable, so a screen's effects can use them.
  const focusBox = useCallback(
    (index: number) => boxes.current[Math.max(0, Math.min(length - 1, index))]?.focus(),
    [length],
  );
  /** Sets every box at once (saved data); boxes `next` does not reach are emptied. */
  const set = useCallback((next: readonly string[]) => setCharacters(empty().map((_, i) => next[i] ?? '')), [empty]);
  const clear = useCallback(() => setCharacters(empty()), [empty]);
  const clearBox = (index: number) => setCharacters((current) => current.map((c, i) => (i === index ? '' : c)));

  /** Puts `text` into the boxes from `index` on, as far as each character fits its box; the focus follows. */
  const fillFrom = (index: number, text: string) => {
    const placed: [number, string][] = [];
    let at = index;
    for (const character of text) {
      if (at >= length) break;
      if (!fits(at, character)) {
        onRefuse?.(at, character);
        break;
      }
      placed.push([at, character]);
      at += 1;
    }
    // From the latest boxes, not this render's: two changes in one tick (autofill) both count.
    setCharacters((current) => {
      const next = [...current];
      for (const [position, character] of placed) next[position] = character;
      return next;
    });
    if (at > index) focusBox(at);
  };

  const onChange = (index: number, value: string) => {
    onEdit?.();
    const typed = clean(value);
    if (!typed) return clearBox(index);
    if (typed.length >= length) return fillFrom(0, typed.slice(0, length));
    const old = characters[index] ?? '';
    // Typing into a filled box keeps the new character, wherever the caret was.
    const fresh = old && typed.length > 1 ? (typed.startsWith(old) ? typed.slice(old.length) : typed[0]) : typed;
    fillFrom(index, fresh ?? '');
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !characters[index] && index > 0) {
      event.preventDefault();
      onEdit?.();
      clearBox(index - 1);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const text = clean(event.clipboardData.getData('text'));
    if (!text) return;
    onEdit?.();
    // A whole value fills every box, whichever box it was pasted into.
    fillFrom(text.length >= length ? 0 : index, text.slice(0, length));
  };

  return {
    characters,
    value: characters.join(''),
    set,
    clear,
    focusBox,
    /** The box's own props: its element, value and handlers. */
    boxProps: (index: number) => ({
      ref: (element: HTMLInputElement | null) => {
        boxes.current[index] = element;
      },
      value: characters[index] ?? '',
      onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(index, event.target.value),
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => onKeyDown(index, event),
      onPaste: (event: ClipboardEvent<HTMLInputElement>) => onPaste(index, event),
      onFocus: (event: { target: HTMLInputElement }) => event.target.select(),
    }),
  };
}
