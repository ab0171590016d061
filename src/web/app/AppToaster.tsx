import { Toaster } from 'sonner';

/**
 * Toasts (seed 001 §9: 3 visible) at the top right, below the navigation and the workspace toolbar: the bottom right
 * holds the canvas zoom controls on /enhance, and the bottom is where cards are dragged.
 */
export function AppToaster() {
  return (
    <Toaster
      theme="dark"
      position="top-right"
      offset={{ top: 128, right: 24 }}
      mobileOffset={{ top: 120, left: 16, right: 16 }}
      richColors
      closeButton
      visibleToasts={3}
    />
  );
}
