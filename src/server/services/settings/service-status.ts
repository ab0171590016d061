import { eq } from 'drizzle-orm';
import type { Deps } from '@server/deps.js';
import type { Executor } from '../credits/ledger.js';
import { appSettings } from '@server/db/schema.js';
import { DEFAULT_SERVICE_STATUS, SERVICE_STATUS_EVENT, SERVICE_STATUS_KEY, SERVICE_STATUS_TYPES } from '@shared/admin.js';
import type { ServiceStatus } from '@shared/api/admin.js';

function asServiceStatus(value: unknown): ServiceStatus {
  const v = (value ?? {}) as Partial<ServiceStatus>;
  return {
    enabled: v.enabled === true,
    message: typeof v.message === 'string' ? v.message : '',
    type: SERVICE_STATUS_TYPES.includes(v.type as ServiceStatus['type']) ? (v.type as ServiceStatus['type']) : 'info',
  };
}

/** app_settings.service_status (seed 001 §7.2), or the default (off) when never set. */
export async function getServiceStatus(db: Executor): Promise<ServiceStatus> {
  const [row] = await db.select({ value: appSettings.settingValue }).from(appSettings).where(eq(appSettings.settingKey, SERVICE_STATUS_KEY)).limit(1);
  return row ? asServiceStatus(row.value) : { ...DEFAULT_SERVICE_STATUS };
}

/** Saves the banner and tells every open browser at once (seed 001 §7.3: the banner follows the setting live). */
export async function setServiceStatus(deps: Pick<Deps, 'db' | 'events' | 'clock'>, status: ServiceStatus, updatedBy: string): Promise<ServiceStatus> {
  const value = asServiceStatus(status);
  await deps.db
    .insert(appSettings)
    .values({ settingKey: SERVICE_STATUS_KEY, settingValue: value, updatedBy, updatedAt: deps.clock() })
    .onConflictDoUpdate({ target: appSettings.settingKey, set: { settingValue: value, updatedBy, updatedAt: deps.clock() } });
  await deps.events.publish({ type: SERVICE_STATUS_EVENT, to: 'broadcast', data: value });
  return value;
}
