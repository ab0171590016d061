import { useEffect } from 'react';
import { holdReloads } from '@web/lib/reload-guard';

/** While work would be lost by a reload (uploads or enhancements running), an app update waits for it. */
export function useReloadHold(busy: boolean) {
  useEffect(() => (busy ? holdReloads('workspace', 'your uploads and enhancements finish') : undefined), [busy]);
}
