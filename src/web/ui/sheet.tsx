import type { ComponentProps } from 'react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../lib/cn';

/** A dialog that slides in from a screen edge: the small-screen navigation menu and side panels. */
export const Sheet = SheetPrimitive.Root;
export const SheetTitle = SheetPrimitive.Title;
export const SheetDescription = SheetPrimitive.Description;

const sides = {
  right: 'inset-y-0 right-0 h-full w-80 max-w-[85vw] border-l data-[state=open]:animate-[sheet-in-right_200ms_ease-out]',
  left: 'inset-y-0 left-0 h-full w-80 max-w-[85vw] border-r data-[state=open]:animate-[sheet-in-left_200ms_ease-out]',
  top: 'inset-x-0 top-0 border-b data-[state=open]:animate-[sheet-in-top_200ms_ease-out]',
} as const;

export function SheetContent({
  side = 'right',
  className,
  children,
  closeLabel = 'Close menu',
  overlayClassName,
  ...props
}: ComponentProps<typeof SheetPrimitive.Content> & { side?: keyof typeof sides; closeLabel?: string; overlayClassName?: string }) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay data-sheet-overlay="" className={cn('fixed inset-0 z-50 bg-black/60 backdrop-blur-sm', overlayClassName)} />
      <SheetPrimitive.Content
        className={cn('fixed z-50 flex flex-col border-white/10 bg-zinc-950 p-6 shadow-2xl outline-none', sides[side], className)}
        {...props}
      >
        {children}
        <SheetPrimitive.Close className="absolute right-4 top-4 rounded-md p-1.5 text-zinc-400 outline-none hover:bg-white/5 hover:text-white focus-visible:ring-2 focus-visible:ring-violet-400">
          <X className="size-5" aria-hidden />
          <span className="sr-only">{closeLabel}</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}
