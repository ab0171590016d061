/** The app's dialog: a centred panel in the workspace's dark style, with a title and an optional description. */
import { useRef, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  width = 440,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  width?: number;
  testId?: string;
}) {
  // the element that had the focus when the dialog opened gets it back on closing. Read while rendering the opening,
  // before a field inside takes the focus with autoFocus (Radix would otherwise remember that field)
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  if (open !== wasOpen.current) {
    if (open && typeof document !== 'undefined') opener.current = document.activeElement;
    wasOpen.current = open;
  }
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-black/70 backdrop-blur-[2px]" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-[70] max-h-[85vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-white/10 bg-[#17181c] p-5 text-zinc-100 shadow-[0_32px_80px_-16px_rgba(0,0,0,0.8)] focus:outline-none"
          style={{ maxWidth: width }}
          data-testid={testId}
          onCloseAutoFocus={(e) => {
            const back = opener.current;
            if (back instanceof HTMLElement && back.isConnected && back !== document.body) {
              e.preventDefault();
              back.focus({ preventScroll: true });
            }
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="text-[17px] font-semibold tracking-tight">{title}</Dialog.Title>
          {description && (
            <Dialog.Description asChild>
              <div className="mt-1.5 text-[13.5px] leading-relaxed text-zinc-400">{description}</div>
            </Dialog.Description>
          )}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
