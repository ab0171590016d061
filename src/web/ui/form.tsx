/**
 * Form pieces every form of the app shares (account screens, contact, admin, profile): a labelled field with its
 * error, text, select, checkbox and text-area inputs, and an inline alert. The button is ./button.
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Input } from './input';
import { Label } from './label';
import { cn } from '../lib/cn';

export function Field(props: { label: string; error?: string; hint?: ReactNode; children: (id: string) => ReactNode; required?: boolean }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {props.label}
        {props.required && <span className="text-red-400"> *</span>}
      </Label>
      {props.children(id)}
      {props.hint && !props.error && <p className="text-xs text-emerald-400">{props.hint}</p>}
      {props.error && (
        <p role="alert" className="text-xs text-red-400">
          {props.error}
        </p>
      )}
    </div>
  );
}

export const TextInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }>(function TextInput(
  { invalid, ...rest },
  ref,
) {
  return <Input ref={ref} aria-invalid={invalid || undefined} {...rest} />;
});

export const SelectInput = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { invalid?: boolean }>(function SelectInput(
  { invalid, className, children, ...rest },
  ref,
) {
  return (
    <select
      ref={ref}
      aria-invalid={invalid || undefined}
      className={cn(
        'h-10 w-full rounded-lg border border-white/10 bg-zinc-900 px-3 text-sm text-zinc-100 outline-none transition-colors focus-visible:border-violet-500 focus-visible:ring-2 focus-visible:ring-violet-500/30 aria-invalid:border-red-500',
        className,
      )}
      {...rest}
    >
      {children}
    </select>
  );
});

export const CheckboxInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string }>(function CheckboxInput(
  { label, error, ...rest },
  ref,
) {
  const id = useId();
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-2">
        <input ref={ref} id={id} type="checkbox" className="mt-0.5 size-4 rounded border-white/20 bg-zinc-900 accent-violet-500" {...rest} />
        <label htmlFor={id} className="text-sm text-zinc-300">
          {label}
        </label>
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-400">
          {error}
        </p>
      )}
    </div>
  );
});

export function Alert(props: { tone?: 'error' | 'info' | 'success'; children: ReactNode }) {
  const tone = props.tone ?? 'error';
  const styles = {
    error: 'border-red-900/60 bg-red-950/50 text-red-200',
    info: 'border-white/10 bg-white/5 text-zinc-200',
    success: 'border-emerald-900/60 bg-emerald-950/50 text-emerald-200',
  }[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-lg border px-3 py-2 text-sm', styles)}>
      {props.children}
    </div>
  );
}

export const TextArea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }>(function TextArea(
  { invalid, className, ...rest },
  ref,
) {
  return (
    <textarea
      ref={ref}
      aria-invalid={invalid || undefined}
      className={cn(
        'min-h-28 w-full rounded-lg border border-white/10 bg-zinc-900 px-3 py-2 text-sm leading-relaxed text-zinc-100 placeholder:text-zinc-500 outline-none transition-colors focus-visible:border-violet-500 focus-visible:ring-2 focus-visible:ring-violet-500/30 disabled:opacity-50 aria-invalid:border-red-500',
        className,
      )}
      {...rest}
    />
  );
});
