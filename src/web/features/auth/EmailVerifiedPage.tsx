import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { REDIRECT_DELAY_MS } from '@shared/accounts/schemas';
import { useMe } from './session';
import { AuthShell } from '@web/ui/auth-shell';
import { FullAreaSpinner } from '@web/ui/spinner';

/** /email-verified: signed-in users are welcomed and sent to /enhance after 3 s; others are offered sign-in. */
export function EmailVerifiedPage() {
  const navigate = useNavigate();
  const { data: me, isLoading } = useMe();

  useEffect(() => {
    if (!me) return;
    const t = setTimeout(() => navigate('/enhance', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [me, navigate]);

  if (isLoading) return <FullAreaSpinner />;
  const name = me?.profile?.first_name || me?.user.name;
  return (
    <AuthShell
      title="Email Verified!"
      subtitle={me ? `Welcome${name ? `, ${name}` : ''}! Taking you to the workspace…` : 'Your email address is confirmed. Log in to start enhancing.'}
    >
      <div className="flex flex-col items-center gap-4">
        <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />
        {me ? (
          <Link to="/enhance" className="font-medium text-violet-300 hover:underline">
            Go to the workspace
          </Link>
        ) : (
          <Link to="/login" className="rounded-lg bg-violet-600 px-4 py-2 text-sm font-medium text-white hover:bg-violet-700">
            Log In
          </Link>
        )}
      </div>
    </AuthShell>
  );
}

export default EmailVerifiedPage;
