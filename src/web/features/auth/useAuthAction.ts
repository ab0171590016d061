import { useState } from 'react';
import { toast } from 'sonner';
import { accountMessages as m } from '@shared/accounts/messages';
import { AuthApiError } from './api';

export type AuthFailure = { message: string; code?: string };

/**
 * The busy flag and the last failure of an account form's request. `run(request)` clears the failure and marks the
 * form busy while the request runs; a failure keeps the server's message (the generic one for anything else) and its
 * code for the form to show, and with `toast` is toasted as well.
 */
export function useAuthAction(options: { toast: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthFailure | null>(null);

  const run = async (request: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await request();
    } catch (err) {
      const failure = err instanceof AuthApiError ? { message: err.message, code: err.code } : { message: m.unexpected };
      setError(failure);
      if (options.toast) toast.error(failure.message);
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, setError, run };
}
