/**
 * Which card the inspection viewer shows, if any: a tiny store outside React state, so a card can open the viewer
 * without the workspace passing a callback through the canvas to every node.
 */
import { useSyncExternalStore } from 'react';

let openKey: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function openViewer(key: string) {
  openKey = key;
  emit();
}

export function closeViewer() {
  openKey = null;
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useViewerKey = () => useSyncExternalStore(subscribe, () => openKey);
