import { useState } from 'react';
import { AlertTriangle, Info, X, XCircle } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { bannerDismissKey, isBannerVisible } from '@shared/service-status';
import type { ServiceStatus } from '@shared/api/admin';
import { useServiceStatus } from './useServiceStatus';

const look = {
  info: { icon: Info, className: 'bg-sky-950 text-sky-100 border-sky-800', label: 'Information' },
  warning: { icon: AlertTriangle, className: 'bg-amber-950 text-amber-100 border-amber-800', label: 'Warning' },
  error: { icon: XCircle, className: 'bg-red-950 text-red-100 border-red-800', label: 'Service problem' },
} as const;

const isDismissed = (s: ServiceStatus) => {
  try {
    return sessionStorage.getItem(bannerDismissKey(s)) === '1';
  } catch {
    return false;
  }
};

/**
 * The service-status banner above everything (seed 000 §2 global elements): shown while enabled with a message,
 * updated live. Only an info banner can be dismissed; the dismissal lasts for this browser session and is keyed by
 * a fingerprint of the whole message, so a changed message shows again.
 */
export function ServiceStatusBanner() {
  const { data: status } = useServiceStatus();
  const [, rerender] = useState(0);
  if (!isBannerVisible(status) || (status.type === 'info' && isDismissed(status))) return null;
  const { icon: Icon, className, label } = look[status.type];
  return (
    <div role={status.type === 'info' ? 'status' : 'alert'} data-testid="service-status-banner" data-type={status.type} className={cn('border-b', className)}>
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <Icon className="size-4 shrink-0" aria-label={label} />
        <p className="min-w-0 flex-1 leading-snug">{status.message}</p>
        {status.type === 'info' && (
          <button
            type="button"
            aria-label="Dismiss"
            className="rounded p-1 opacity-80 outline-none transition hover:opacity-100 focus-visible:ring-2 focus-visible:ring-white/60"
            onClick={() => {
              try {
                sessionStorage.setItem(bannerDismissKey(status), '1');
              } catch {
                /* storage off: hidden until the next render only */
              }
              rerender((n) => n + 1);
            }}
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
    </div>
  );
}
