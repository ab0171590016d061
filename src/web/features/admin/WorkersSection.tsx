import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/ui/button';
import { Modal } from '@web/ui/dialog';
import { Field, TextInput } from '@web/ui/form';
import { CreateWorkerTokenRequest, type WorkerTokenDto } from '@shared/api/workers';
import { ProcessRow, WorkerRow } from './WorkerRows';
import { adminApi } from './api';
import { AdminCard } from './AdminCard';

const WORKERS_KEY = ['admin', 'workers'] as const;
const AUDIT_KEY = ['admin', 'audit-log'] as const;
/** A worker on another machine sends its token over HTTPS only; this server reached over plain HTTP needs a TLS proxy for it. */
const plainHttpOffMachine = () => window.location.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname);

/**
 * Remote workers: machines that run jobs over HTTPS with a token (a GPU box behind a studio's router), holding no
 * database or storage credentials. The token is shown once; revoking it hands its running jobs back to the queue.
 */
export function WorkersSection() {
  const client = useQueryClient();
  const workers = useQuery({ queryKey: WORKERS_KEY, queryFn: adminApi.workers, refetchInterval: 5000 });
  const [name, setName] = useState('');
  const [gpu, setGpu] = useState(false);
  const [max, setMax] = useState('1');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ token: string; name: string } | null>(null);
  const [revoking, setRevoking] = useState<WorkerTokenDto | null>(null);

  async function create(e: FormEvent) {
    e.preventDefault();
    const parsed = CreateWorkerTokenRequest.safeParse({ name, capabilities: gpu ? ['gpu'] : [], maxConcurrency: Number(max) });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setBusy(true);
    try {
      const r = await adminApi.createWorker(parsed.data);
      setCreated({ token: r.token, name: r.worker.name });
      setName('');
      setGpu(false);
      setMax('1');
      await Promise.all([client.invalidateQueries({ queryKey: WORKERS_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]);
    } catch (err) {
      setError(err instanceof ApiError && err.status > 0 ? err.message : 'Failed to create the worker token');
    } finally {
      setBusy(false);
    }
  }

  async function revoke(w: WorkerTokenDto) {
    setBusy(true);
    try {
      await adminApi.revokeWorker(w.id);
      toast.success(`${w.name} was revoked; its jobs went back to the queue.`);
      await Promise.all([client.invalidateQueries({ queryKey: WORKERS_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]);
    } catch (err) {
      toast.error(err instanceof ApiError && err.status > 0 ? err.message : 'Failed to revoke the worker token');
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  }

  const list = workers.data?.workers ?? [];
  const processes = workers.data?.processes ?? [];
  const command = created ? `npm run start:worker -- --server ${window.location.origin} --token ${created.token}` : '';
  return (
    <AdminCard
      id="workers"
      title="Workers"
      description="Server processes that run jobs themselves, and remote workers: machines that run jobs over HTTPS with a token, without database or storage access."
    >
      {processes.length > 0 && (
        <ul className="mb-4 divide-y divide-white/5 rounded-lg border border-white/10" data-testid="worker-process-list">
          {processes.map((p) => (
            <ProcessRow key={p.id} p={p} />
          ))}
        </ul>
      )}
      {list.length > 0 ? (
        <ul className="divide-y divide-white/5 rounded-lg border border-white/10" data-testid="worker-list">
          {list.map((w) => (
            <WorkerRow key={w.id} w={w} onRevoke={() => setRevoking(w)} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-400">No remote workers yet.</p>
      )}
      <form className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start" noValidate onSubmit={(e) => void create(e)}>
        <div className="min-w-48 flex-1">
          <Field label="Worker name" error={error}>
            {(id) => (
              <TextInput
                id={id}
                value={name}
                invalid={!!error}
                placeholder="GPU box, studio"
                onChange={(e) => (setName(e.target.value), setError(undefined))}
              />
            )}
          </Field>
        </div>
        <div className="w-32">
          <Field label="Jobs at once">
            {(id) => <TextInput id={id} type="number" min={1} max={64} value={max} onChange={(e) => setMax(e.target.value)} />}
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm text-zinc-300 sm:mt-9">
          <input type="checkbox" checked={gpu} onChange={(e) => setGpu(e.target.checked)} className="size-4 accent-violet-500" />
          Has a GPU
        </label>
        <Button type="submit" variant="secondary" busy={busy && !revoking} className="sm:mt-7">
          Create token
        </Button>
      </form>
      <Modal
        open={created !== null}
        onOpenChange={(open) => !open && setCreated(null)}
        title={`Token for ${created?.name ?? ''}`}
        width={560}
        testId="worker-token-created"
      >
        <p className="text-sm text-zinc-300">Copy it now: it is shown only once. On the worker machine, run:</p>
        <pre
          className="mt-3 overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-black/40 p-3 font-mono text-xs text-zinc-200"
          data-testid="worker-command"
        >
          {command}
        </pre>
        {plainHttpOffMachine() && (
          <p className="mt-3 text-xs text-amber-300">
            This page is served over plain HTTP: a worker on another machine sends its token over HTTPS only. Put a TLS proxy in front of this server and use
            its https:// address.
          </p>
        )}
        <div className="mt-4 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(command).then(() => toast.success('Copied'))}>
            <Copy className="size-4" aria-hidden /> Copy
          </Button>
          <Button onClick={() => setCreated(null)}>Done</Button>
        </div>
      </Modal>
      <Modal
        open={revoking !== null}
        onOpenChange={(open) => !open && !busy && setRevoking(null)}
        title="Revoke this worker token?"
        description={revoking ? `${revoking.name} is refused from its next call, and the jobs it runs go back to the queue.` : undefined}
        testId="worker-revoke-confirm"
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setRevoking(null)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} onClick={() => revoking && void revoke(revoking)}>
            Revoke
          </Button>
        </div>
      </Modal>
    </AdminCard>
  );
}
