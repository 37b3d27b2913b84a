import {
  useLayoutEffect,
  useRef,
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import styles from './menu.module.css';

// A popup menu with the props of MUI's Menu, MenuItem and ListItemText that the app uses, drawn
// with plain elements and a CSS module: it is in the first screen's code, so a first press on a
// menu's button shows the menu in the frame that answers it. MUI's Menu brought the UI kit
// (about 65 KB gzipped) to that first press: about 400 ms of loading, evaluating and styling at
// 4x CPU before anything showed.

interface Origin {
  vertical: 'top' | 'bottom';
  horizontal: 'left' | 'right';
}

interface MenuProps {
  id?: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  /** The anchor's corner the menu attaches to (MUI's default: top left). */
  anchorOrigin?: Origin;
  /** Which corner of the menu attaches there (MUI's default: top left). */
  transformOrigin?: Origin;
  slotProps?: { list?: { 'aria-labelledby'?: string } };
  children: ReactNode;
}

const MARGIN_PX = 16;

function items(list: HTMLElement): HTMLElement[] {
  return [...list.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')];
}

/** Where the menu goes: at the anchor's corner, kept on the screen. */
function place(anchor: HTMLElement, list: HTMLElement, at: Origin, from: Origin) {
  const rect = anchor.getBoundingClientRect();
  const x = at.horizontal === 'right' ? rect.right : rect.left;
  const y = at.vertical === 'bottom' ? rect.bottom : rect.top;
  const left = from.horizontal === 'right' ? x - list.offsetWidth : x;
  const top = from.vertical === 'bottom' ? y - list.offsetHeight : y;
  const maxLeft = window.innerWidth - list.offsetWidth - MARGIN_PX;
  const maxTop = window.innerHeight - list.offsetHeight - MARGIN_PX;
  return {
    left: Math.max(MARGIN_PX, Math.min(left, maxLeft)),
    top: Math.max(MARGIN_PX, Math.min(top, maxTop)),
  };
}

/**
 * The menu, open while `open`: focus on its first item, arrow keys, Home and End move between
 * items, Escape or Tab closes it (focus back on the anchor), a tap outside closes it.
 */
export function Menu({
  id,
  anchorEl,
  open,
  onClose,
  anchorOrigin = { vertical: 'top', horizontal: 'left' },
  transformOrigin = { vertical: 'top', horizontal: 'left' },
  slotProps,
  children,
}: MenuProps) {
  const list = useRef<HTMLUListElement>(null);

  useLayoutEffect(() => {
    if (!open || !anchorEl || !list.current) return;
    // Placed before the browser paints it (it measures itself), then its first item focused.
    const { left, top } = place(anchorEl, list.current, anchorOrigin, transformOrigin);
    list.current.style.left = `${left}px`;
    list.current.style.top = `${top}px`;
    items(list.current)[0]?.focus();
    // Placed when it opens; the page does not scroll under the backdrop meanwhile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, anchorEl]);

  if (!open || !anchorEl) return null;

  const close = (returnFocus: boolean) => {
    onClose();
    if (returnFocus) anchorEl.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = list.current ? items(list.current) : [];
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => all[(index + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') moveTo(at + 1);
    else if (event.key === 'ArrowUp') moveTo(at < 0 ? -1 : at - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(-1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    event.preventDefault();
  };

  return createPortal(
    <>
      <div className={styles.backdrop} onClick={() => close(true)} aria-hidden="true" />
      <ul
        ref={list}
        id={id}
        role="menu"
        tabIndex={-1}
        aria-labelledby={slotProps?.list?.['aria-labelledby']}
        className={styles.list}
        onKeyDown={onKeyDown}
      >
        {children}
      </ul>
    </>,
    document.body,
  );
}

interface MenuItemProps {
  children: ReactNode;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  disabled?: boolean;
  /** A destructive item (Delete) in the error colour. */
  tone?: 'error';
  /** Another element to draw the item as (a router link), with its props. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as MUI's `component` prop
  component?: ComponentType<any>;
  [prop: string]: unknown;
}

/** One item: a press, Enter or Space chooses it. */
export function MenuItem({ children, onClick, disabled, tone, component, ...rest }: MenuItemProps) {
  const props = {
    ...rest,
    role: 'menuitem',
    tabIndex: -1,
    className: tone === 'error' ? `${styles.item} ${styles.error}` : styles.item,
    'aria-disabled': disabled ? true : undefined,
    onClick: disabled ? undefined : onClick,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      if (!disabled) event.currentTarget.click();
    },
  };
  if (component) {
    const Component = component;
    return <Component {...props}>{children}</Component>;
  }
  return <li {...props}>{children}</li>;
}

/** An item's text, with a second line under it. */
export function ListItemText({
  primary,
  secondary,
}: {
  primary: ReactNode;
  secondary?: ReactNode;
}) {
  return (
    <span className={styles.text}>
      <span>{primary}</span>
      {secondary && <span className={styles.secondary}>{secondary}</span>}
    </span>
  );
}
