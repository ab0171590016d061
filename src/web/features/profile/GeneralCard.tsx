import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Field, SelectInput } from '../../ui/form';
import { browserTimeZone, formatDate, preferredTimeZone, setPreferredTimeZone, timeZoneChosen } from '../../lib/dates';
import { SettingsCard } from './Card';

const AUTO = '';

/** Settings → General (seed 000 §2): the app's version, the language, and the time zone every date is shown in. */
export function GeneralCard() {
  const zones = useMemo(() => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [browserTimeZone()]), []);
  const [zone, setZone] = useState(timeZoneChosen() ? preferredTimeZone() : AUTO);
  return (
    <SettingsCard title="General" testId="general-settings">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-xs uppercase tracking-wide text-zinc-500">App version</dt>
          <dd className="mt-1 text-sm text-zinc-100" data-testid="app-version">
            Renderlift {__APP_VERSION__}
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
