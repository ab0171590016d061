import { describe, expect, it } from 'vitest';
import { BACKUP_KEY, BACKUP_MAX_AGE_MS, clearBackup, readBackup, writeBackup, type KeyValueStore } from './local-backup';

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const data = {
  images: [{ id: 'a', originalUrl: 'http://x/a.png', position: { x: 3, y: 4 }, scale: 1 }],
  currentMode: 'enhance',
  enhancementParams: {},
  brushSize: 20,
};

describe('local viewport backup', () => {
  it('round-trips for the same user', () => {
    const store = memoryStore();
    writeBackup(store, { userId: 'u1', savedAt: 1000, sessionId: 's1', sessionName: 'Villa', baseVersion: 4, data });
    const b = readBackup(store, 'u1', 2000)!;
    expect(b.sessionName).toBe('Villa');
    expect([b.baseVersion, b.setAside]).toEqual([4, undefined]);
    writeBackup(store, { ...b, setAside: true });
    expect(readBackup(store, 'u1', 2000)!.setAside).toBe(true);
    expect(b.data.images[0].position).toEqual({ x: 3, y: 4 });
  });

  it('reads a backup written before sessions had versions as based on no known version', () => {
    const store = memoryStore();
    store.setItem(BACKUP_KEY, JSON.stringify({ userId: 'u1', savedAt: 1000, sessionId: 's1', sessionName: 'Villa', data }));
    expect(readBackup(store, 'u1', 2000)!.baseVersion).toBeNull();
  });

  it('is never shown to another user', () => {
    const store = memoryStore();
    writeBackup(store, { userId: 'u1', savedAt: 1000, sessionId: null, sessionName: null, baseVersion: null, data });
    expect(readBackup(store, 'u2', 2000)).toBeNull();
    expect(store.map.has(BACKUP_KEY)).toBe(true);
  });

  it('drops stale, corrupt and image-less backups', () => {
    const store = memoryStore();
    writeBackup(store, { userId: 'u1', savedAt: 0, sessionId: null, sessionName: null, baseVersion: null, data });
    expect(readBackup(store, 'u1', BACKUP_MAX_AGE_MS + 1)).toBeNull();
    expect(store.map.has(BACKUP_KEY)).toBe(false);
    store.setItem(BACKUP_KEY, '{not json');
    expect(readBackup(store, 'u1', 0)).toBeNull();
    writeBackup(store, {
      userId: 'u1',
      savedAt: 0,
      sessionId: null,
      sessionName: null,
      baseVersion: null,
      data: { ...data, images: [{ id: 'x', originalUrl: 'data:image/png;base64,AAAA', position: { x: 0, y: 0 }, scale: 1 }] },
    });
    expect(readBackup(store, 'u1', 1)).toBeNull();
  });

  it('survives a store that throws', () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(writeBackup(broken, { userId: 'u', savedAt: 0, sessionId: null, sessionName: null, baseVersion: null, data })).toBe(false);
    expect(readBackup(broken, 'u', 0)).toBeNull();
    expect(() => clearBackup(broken)).not.toThrow();
  });
});
