/** Small building blocks shared by the session dialogs, in the workspace's dark style. */
import { formatDate as formatDateIn } from '../../../lib/dates';
import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';

export const buttonPrimary =
  'inline-flex h-9 items-center justify-center gap-2 rounded-lg bg-gradient-to-r from-violet-500 to-fuchsia-500 px-4 text-[13.5px] font-semibold text-white shadow transition hover:brightness-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 disabled:cursor-not-allowed disabled:opacity-50';
export const buttonSecondary =
  'inline-flex h-9 items-center justify-center gap-2 rounded-lg bg-white/[0.06] px-4 text-[13.5px] font-medium text-zinc-200 ring-1 ring-white/10 transition hover:bg-white/[0.1] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 disabled:cursor-not-allowed disabled:opacity-50';
export const buttonGhost =
  'inline-flex h-9 items-center justify-center gap-2 rounded-lg px-4 text-[13.5px] font-medium text-zinc-300 transition hover:bg-white/[0.06] hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 disabled:cursor-not-allowed disabled:opacity-50';

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
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-black/70 backdrop-blur-[2px]" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-[70] max-h-[85vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-white/10 bg-[#17181c] p-5 text-zinc-100 shadow-[0_32px_80px_-16px_rgba(0,0,0,0.8)] focus:outline-none"
          style={{ maxWidth: width }}
          data-testid={testId}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="text-[17px] font-semibold tracking-tight">{title}</Dialog.Title>
          {description && <Dialog.Description asChild><div className="mt-1.5 text-[13.5px] leading-relaxed text-zinc-400">{description}</div></Dialog.Description>}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** 'Nov 22, 2026' in the time zone the user reads dates in. */
export const formatDate = (iso: string) => formatDateIn(iso, 'date');
