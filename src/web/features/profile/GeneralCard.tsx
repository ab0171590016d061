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
import { groupTimeZones, timeZoneOption } from '@shared/time-zones';

const AUTO = '';

/**
 * Settings → General (seed 000 §2): the app's version, the switches kept in this browser (updates, auto-save, cache),
 * the language, and the time zone every date is shown in. Shared by /profile and the workspace's side panel, so it
 * lays out by its own width (a container), not the window's.
 */
export function GeneralCard() {
  // grouped by region and labelled "Europe — Zurich (UTC+01:00)"; the IANA name is what is kept
  const groups = useMemo(
    () => groupTimeZones(typeof Intl.supportedValuesOf === 'function' ? [...Intl.supportedValuesOf('timeZone'), preferredTimeZone()] : [browserTimeZone()]),
    [],
  );
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
                    const label = e.target.value
                      ? timeZoneOption(e.target.value).label
                      : `your browser's time zone (${timeZoneOption(browserTimeZone()).label})`;
                    toast.success(`Dates now show in ${label}`);
                  }}
                >
                  <option value={AUTO}>Automatic ({timeZoneOption(browserTimeZone()).label})</option>
                  {groups.map((g) => (
                    <optgroup key={g.region} label={g.region}>
                      {g.zones.map((z) => (
                        <option key={z.value} value={z.value}>
                          {z.label}
                        </option>
                      ))}
                    </optgroup>
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
