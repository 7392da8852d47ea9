/**
 * The player's keyboard shortcuts (docs/player.md): which key does what, and where keys belong to
 * the page instead. Pure: the listener in `KeyboardShortcuts.tsx` applies the result to the store.
 */

/** Seek steps of the arrow keys, in seconds: a plain press and with Shift. */
export const SEEK_STEP = 5;
export const SEEK_STEP_LONG = 30;
/** Volume step of ↑ / ↓ (1 = 100 %). */
export const VOLUME_STEP = 0.1;

export type Shortcut =
  | { type: 'togglePlay' }
  | { type: 'seekBy'; seconds: number }
  | { type: 'volumeBy'; delta: number }
  | { type: 'toggleMute' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'lyrics' }
  | { type: 'help' };

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** The shortcut of a key press, or null for a key the player leaves alone. */
export function shortcutOf(e: KeyPress): Shortcut | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  switch (e.key) {
    case ' ':
      return { type: 'togglePlay' };
    case 'ArrowLeft':
      return { type: 'seekBy', seconds: -(e.shiftKey ? SEEK_STEP_LONG : SEEK_STEP) };
    case 'ArrowRight':
      return { type: 'seekBy', seconds: e.shiftKey ? SEEK_STEP_LONG : SEEK_STEP };
    case 'ArrowUp':
      return { type: 'volumeBy', delta: VOLUME_STEP };
    case 'ArrowDown':
      return { type: 'volumeBy', delta: -VOLUME_STEP };
    case '?':
      return { type: 'help' };
  }
  if (e.shiftKey) return null;
  switch (e.key.toLowerCase()) {
    case 'm':
      return { type: 'toggleMute' };
    case 'n':
      return { type: 'next' };
    case 'p':
      return { type: 'previous' };
    case 'l':
      return { type: 'lyrics' };
  }
  return null;
}

/**
 * Elements whose own keys win: text entry, and widgets that move with the arrows (a carousel's
 * row scrolls with them once it has focus: `data-arrow-scroll`).
 */
const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
const ARROW_WIDGETS =
  '[role="slider"], [role="menu"], [role="listbox"], [role="tablist"], [role="radiogroup"], [data-arrow-scroll]';

/** Space presses these when they were reached with Tab; otherwise the player takes it. */
const PRESSABLE =
  'button, a[href], summary, [role="button"], [role="checkbox"], [role="switch"], [role="menuitem"], [role="option"], [role="tab"]';

/**
 * Whether the press belongs to the focused element rather than the player. `tabbed`: the element
 * was reached with Tab (a keyboard user presses that button with Space).
 */
export function belongsToPage(target: EventTarget | null, key: string, tabbed: boolean): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest(TYPING) || (target as HTMLElement).isContentEditable) return true;
  if (key.startsWith('Arrow')) return target.closest(ARROW_WIDGETS) !== null;
  if (key === ' ') return target.closest(PRESSABLE) !== null && tabbed;
  return false;
}

/**
 * Remembers which elements were reached with Tab; a click forgets. Focus moved by the page (a
 * dialog opening or closing) keeps what the element had.
 */
export function focusOrigins(): {
  pointer: () => void;
  key: (key: string) => void;
  focus: (target: EventTarget | null) => void;
  tabbed: (target: EventTarget | null) => boolean;
} {
  const byTab = new WeakSet<object>();
  let pointer = false;
  let tab = false;
  return {
    pointer: () => {
      pointer = true;
    },
    key: (key) => {
      pointer = false;
      tab = key === 'Tab';
    },
    focus: (target) => {
      if (target) {
        if (tab) byTab.add(target);
        else if (pointer) byTab.delete(target);
      }
      pointer = false;
      tab = false;
    },
    tabbed: (target) => target !== null && byTab.has(target),
  };
}

/**
 * The volume after ↑ / ↓: within 0 … 100 %, rounded to the step. Keys never go above 100 % (a
 * louder volume needs the confirmation of docs/product.md §5); one already above it only goes down.
 */
export function steppedVolume(volume: number, delta: number): number {
  const next = Math.round((volume + delta) * 100) / 100;
  if (delta > 0) return Math.max(volume, Math.min(1, next));
  return Math.max(0, next);
}
