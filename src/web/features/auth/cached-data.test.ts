import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { BACKUP_KEY } from '@web/features/sessions/lib/local-backup';
import { clearCachedData } from './cached-data';

function memoryStore(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return { getItem: (k: string) => map.get(k) ?? null, removeItem: (k: string) => void map.delete(k), map };
}

const backup = (sessionId: string | null) => JSON.stringify({ userId: 'u1', savedAt: Date.now(), sessionId, sessionName: null, data: { images: [] } });

describe('clearCachedData', () => {
  it('drops the answers no screen shows and keeps the ones on screen', () => {
    const client = new QueryClient();
    client.setQueryData(['viewports'], [{ id: 'v1' }]);
    client.setQueryData(['auth', 'me'], { user: { id: 'u1' } });
    const onScreen = new QueryObserver(client, { queryKey: ['auth', 'me'], queryFn: () => ({ user: { id: 'u1' } }), staleTime: Infinity });
    const stop = onScreen.subscribe(() => undefined);
    clearCachedData(client, memoryStore({}));
    expect(client.getQueryData(['viewports'])).toBeUndefined();
    expect(client.getQueryCache().find({ queryKey: ['auth', 'me'] })).toBeDefined();
    stop();
  });

  it("removes the local copy of a saved viewport's changes", () => {
    const store = memoryStore({ [BACKUP_KEY]: backup('session-1'), 'auto-updates-enabled': 'false' });
    clearCachedData(new QueryClient(), store);
    expect(store.map.has(BACKUP_KEY)).toBe(false);
    // preferences are not cache
    expect(store.map.get('auto-updates-enabled')).toBe('false');
  });

  it('keeps the copy of work that belongs to no saved viewport: it exists nowhere else', () => {
    const store = memoryStore({ [BACKUP_KEY]: backup(null) });
    clearCachedData(new QueryClient(), store);
    expect(store.map.has(BACKUP_KEY)).toBe(true);
  });
});
