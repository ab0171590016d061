import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../lib/cn';
import { Spinner } from './spinner';

const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-violet-400 focus-visible:ring-offset-2 focus-visible:ring-offset-zinc-950 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-violet-600 text-white shadow-sm shadow-violet-950/40 hover:bg-violet-500',
        secondary: 'border border-white/10 bg-white/5 text-zinc-100 hover:border-white/20 hover:bg-white/10',
        ghost: 'text-zinc-300 hover:bg-white/5 hover:text-white',
        link: 'text-violet-300 underline-offset-4 hover:text-violet-200 hover:underline',
        danger: 'bg-red-600 text-white hover:bg-red-500',
      },
      size: {
        sm: 'h-8 px-3',
        md: 'h-10 px-4',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean; busy?: boolean };

/**
 * The app's button. With asChild the styles go onto the child, so a router Link can look like a button and stay a
 * link; busy disables it and shows a spinner.
 */
export function Button({ className, variant, size, asChild = false, type, busy, disabled, children, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? 'button' })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {asChild ? (
        children
      ) : (
        <>
          {busy && <Spinner className="size-4 border-white/30 border-t-white" label="Working" />}
          {children}
        </>
      )}
    </Comp>
  );
}

/** Class names of the buttons in the workspace's dark chrome (its dialogs): a gradient primary, a quiet secondary and a ghost. */
export const canvasButton = {
  primary:
    'inline-flex h-9 items-center justify-center gap-2 rounded-lg bg-gradient-to-r from-violet-500 to-fuchsia-500 px-4 text-[13.5px] font-semibold text-white shadow transition hover:brightness-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 disabled:cursor-not-allowed disabled:opacity-50',
  secondary:
    'inline-flex h-9 items-center justify-center gap-2 rounded-lg bg-white/[0.06] px-4 text-[13.5px] font-medium text-zinc-200 ring-1 ring-white/10 transition hover:bg-white/[0.1] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 disabled:cursor-not-allowed disabled:opacity-50',
  ghost:
    'inline-flex h-9 items-center justify-center gap-2 rounded-lg px-4 text-[13.5px] font-medium text-zinc-300 transition hover:bg-white/[0.06] hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 disabled:cursor-not-allowed disabled:opacity-50',
  danger:
    'inline-flex h-9 items-center justify-center gap-2 rounded-lg bg-red-500/90 px-4 text-[13.5px] font-semibold text-white transition hover:bg-red-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-300',
} as const;
