import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Field, SelectInput } from '@web/ui/form';
import { browserTimeZone, formatDate, preferredTimeZone, setPreferredTimeZone, timeZoneChosen } from '@web/lib/dates';
import { SettingsCard } from './Card';
import { Button } from '@web/ui/button';
import { autoUpdatesEnabled, checkNow, setAutoUpdates } from '../updates/update-store';
import { msg } from '@shared/messages';
import { AUTO_CLEAR_CACHE_KEY, AUTO_SAVE_KEY } from '@web/lib/local-switches';
import { LocalSwitch, SwitchRow } from './LocalSwitch';

const AUTO = '';

/**
 * Settings → General (seed 000 §2): the app's version, the switches kept in this browser (updates, auto-save, cache),
 * the language, and the time zone every date is shown in. Shared by /profile and the workspace's side panel, so it
 * lays out by its own width (a container), not the window's.
 */
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
      <div className="@container">
        <dl className="grid gap-4 @lg:grid-cols-2">
          <div>
            <dt className="text-xs uppercase tracking-wide text-zinc-500">App version</dt>
            <dd className="mt-1 text-sm text-zinc-100" data-testid="app-version">
              Renderlift {__APP_VERSION__}
            </dd>
            <dd>
              <Button variant="secondary" size="sm" className="mt-2" busy={checking} onClick={() => void check()}>
                Check for updates
              </Button>
            </dd>
          </div>
          <div>
            <dt className="text-xs uppercase tracking-wide text-zinc-500">Updates</dt>
            <dd className="mt-2">
              <SwitchRow
                label="Update automatically"
                description="A new version loads after a 5-second notice; never during an upload or an enhancement."
                checked={auto}
                onChange={(on) => {
                  setAuto(on);
                  setAutoUpdates(on);
                }}
              />
            </dd>
          </div>
        </dl>
        <div className="mt-5 grid gap-4 @lg:grid-cols-2">
          <LocalSwitch
            storageKey={AUTO_SAVE_KEY}
            label="Auto-save images"
            description="The open viewport saves itself 2 seconds after each change. Off, changes are saved only when you save."
            testId="auto-save-switch"
          />
          <LocalSwitch
            storageKey={AUTO_CLEAR_CACHE_KEY}
            label="Clear cache automatically"
            description="Signing out clears what this browser keeps of your account: loaded data and the local copy of a saved viewport's changes."
            testId="auto-clear-cache-switch"
          />
        </div>
        <div className="mt-5 grid gap-4 @lg:grid-cols-2">
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
      </div>
    </SettingsCard>
  );
}
