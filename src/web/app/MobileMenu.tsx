import type { KeyboardEvent, RefObject } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../ui/sheet';
import { Logo } from './Logo';
import { AccountArea, NavLinks } from './NavParts';

/** Arrow keys move between the menu's links and buttons, Home and End to the first and last (Tab works too). */
function moveFocus(e: KeyboardEvent<HTMLElement>) {
  const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'));
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    e.key === 'ArrowDown'
      ? (at + 1) % items.length
      : e.key === 'ArrowUp'
        ? (at - 1 + items.length) % items.length
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? items.length - 1
            : -1;
  if (next < 0 || items.length === 0) return;
  e.preventDefault();
  items[next].focus();
}

/** The phone's menu: navigation and the account area in a sheet from the right. */
export default function MobileMenu({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Closed, the menu hands focus back to the button that opened it. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        data-testid="mobile-menu"
        onKeyDown={moveFocus}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus({ preventScroll: true });
        }}
      >
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <Logo onClick={() => onOpenChange(false)} />
        <div className="mt-8 flex flex-col gap-1">
          <NavLinks vertical onNavigate={() => onOpenChange(false)} />
        </div>
        <div className="mt-auto border-t border-white/10 pt-6">
          <AccountArea stacked />
        </div>
      </SheetContent>
    </Sheet>
  );
}
