import type { RefObject } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../ui/sheet';
import { Logo } from './Logo';
import { AccountArea, NavLinks } from './NavParts';

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
