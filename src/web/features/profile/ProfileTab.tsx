import { Link } from 'react-router';
import { Coins } from 'lucide-react';
import { accountPlanLabel } from '@shared/plans';
import { Spinner } from '@web/ui/spinner';
import { useProfile } from './api';
import { PersonalInfoCard } from './PersonalInfoCard';
import { BusinessInfoCard } from './BusinessInfoCard';
import { SettingsCard } from './Card';
import { AvatarEditor } from './AvatarEditor';
import { formatDate } from '@web/lib/dates';

/** seed 000 §2 Profile tab: the summary, personal information and, for business accounts, business information. */
export function ProfileTab({ extra }: { extra?: React.ReactNode }) {
  const { data, isLoading, isError } = useProfile();
  if (isLoading) return <Spinner className="size-6" label="Loading profile" />;
  if (isError || !data) return <p className="text-sm text-red-300">The profile could not be loaded. Reload the page to try again.</p>;
  const { profile, business } = data;
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.email.split('@')[0];
  const initials = (profile.first_name?.[0] ?? profile.email[0]).toUpperCase() + (profile.last_name?.[0] ?? '').toUpperCase();
  return (
    <div className="space-y-6">
      <SettingsCard title="Account" testId="profile-summary">
        <div className="flex flex-wrap items-center gap-5">
          <AvatarEditor url={profile.avatar_url} initials={initials} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-xl font-semibold text-white" data-testid="display-name">
              {name}
            </p>
            <p className="truncate text-sm text-zinc-400">{profile.email}</p>
            <p className="mt-1 text-sm text-zinc-400">
              <span className="font-medium text-zinc-200" data-testid="profile-plan">
                {accountPlanLabel(profile)}
              </span>{' '}
              · Member since {formatDate(profile.created_at, 'monthYear')}
            </p>
          </div>
          <Link
            to="/profile?tab=credits"
            className="flex items-center gap-2 rounded-xl border border-white/10 px-4 py-3 text-sm text-zinc-200 hover:border-white/20"
          >
            <Coins className="size-4 text-violet-300" aria-hidden />
            <span className="text-lg font-semibold tabular-nums text-white">{profile.credits_remaining}</span> credits remaining
          </Link>
        </div>
      </SettingsCard>
      <PersonalInfoCard profile={profile} />
      <BusinessInfoCard profile={profile} business={business} />
      {extra}
    </div>
  );
}
