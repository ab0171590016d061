import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Field, SelectInput } from '@web/ui/form';
import { browserTimeZone, formatDate, preferredTimeZone, setPreferredTimeZone, timeZoneChosen } from '@web/lib/dates';
import { SettingsCard } from './Card';
import { Button } from '@web/ui/button';
import { autoUpdatesEnabled, checkNow, setAutoUpdates } from '../updates/update-store';
import { msg } from '@shared/messages';

const AUTO = '';

/** Settings → General (seed 000 §2): the app's version, the language, and the time zone every date is shown in. */
export function GeneralCard() {
  const zones = useMemo(() => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [browserTimeZone()]), []);
  const [zone, setZone] = useState(timeZoneChosen() ? preferredTimeZone() : AUTO);
  const [auto, setAuto] = useState(autoUpdatesEnabled);
  const [checking, setChecking] = useState(false);
  async function check() {
    setChecking(true);
    try {
      // an update found opens its notice; up to date says so
      if ((await checkNow()) === 'current') toast.success(msg('upToDate'));
    } catch {
      toast.error(msg('updateCheckFailed'));
    } finally {
      setChecking(false);
    }
  }
  return (
    <SettingsCard title="General" testId="general-settings">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-xs uppercase tracking-wide text-zinc-500">App version</dt>
          <dd className="mt-1 text-sm text-zinc-100" data-testid="app-version">
            Renderlift {__APP_VERSION__}
          </dd>
          <Button variant="secondary" size="sm" className="mt-2" busy={checking} onClick={() => void check()}>
            Check for updates
          </Button>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-zinc-500">Updates</dt>
          <dd className="mt-2">
            <label className="flex items-center gap-2 text-sm text-zinc-200">
              <input
                type="checkbox"
                className="size-4 accent-violet-500"
                checked={auto}
                onChange={(e) => {
                  setAuto(e.target.checked);
                  setAutoUpdates(e.target.checked);
                }}
              />
              Update automatically
            </label>
            <p className="mt-1 text-xs text-zinc-500">A new version loads after a 5-second notice; never during an upload or an enhancement.</p>
          </dd>
        </div>
      </dl>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <Field label="Language">
          {(id) => (
            <SelectInput id={id} value="en-US" disabled>
              <option value="en-US">English (US)</option>
            </SelectInput>
          )}
        </Field>
        <Field label="Time zone" hint={undefined}>
          {(id) => (
            <>
              <SelectInput
                id={id}
                value={zone}
                onChange={(e) => {
                  setZone(e.target.value);
                  setPreferredTimeZone(e.target.value || null);
                  toast.success(`Dates now show in ${e.target.value || `your browser's time zone (${browserTimeZone()})`}`);
                }}
              >
                <option value={AUTO}>Automatic ({browserTimeZone()})</option>
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z.replace(/_/g, ' ')}
                  </option>
                ))}
              </SelectInput>
              <p className="text-xs text-zinc-500" data-testid="time-now">
                Now: {formatDate(Date.now(), 'dateTime')}
              </p>
            </>
          )}
        </Field>
      </div>
    </SettingsCard>
  );
}
