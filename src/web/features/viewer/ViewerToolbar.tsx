/**
 * The viewer's controls: the card's place in the workspace with previous and next, its name and version, and close
 * (top); zoom, comparison mode, loupe and the versions to show (bottom; wrapping on a phone).
 */
import { ChevronLeft, ChevronRight, Columns2, Image as ImageIcon, Minus, Plus, Search, SplitSquareHorizontal, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { fill } from '@shared/messages';
import { viewerMessages as m } from '@shared/viewer';
import type { ViewerVersion } from './viewer-versions';
import type { ViewerMode } from './ViewerStage';

export const viewerButton =
  'inline-flex h-9 min-w-9 shrink-0 items-center justify-center gap-1.5 rounded-md px-2 text-[13px] text-zinc-200 hover:bg-white/10 disabled:opacity-40 disabled:hover:bg-transparent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 aria-pressed:bg-violet-500/30 aria-pressed:text-white';

const Group = ({ label, children }: { label: string; children: ReactNode }) => (
  <div role="group" aria-label={label} className="flex shrink-0 items-center gap-0.5 rounded-lg bg-white/[0.04] p-0.5 ring-1 ring-white/10">
    {children}
  </div>
);

interface HeaderProps {
  title: string;
  index: number;
  total: number;
  onStep: (step: 1 | -1) => void;
  onClose: () => void;
  subtitle: string;
}

export function ViewerHeader({ title, index, total, onStep, onClose, subtitle }: HeaderProps) {
  return (
    <div className="flex items-center gap-2 border-b border-white/10 bg-[#111215] px-2 py-1.5">
      <button type="button" className={viewerButton} aria-label={m.previous} title={`${m.previous} ([)`} disabled={index <= 0} onClick={() => onStep(-1)}>
        <ChevronLeft className="h-4 w-4" />
      </button>
      <span className="shrink-0 font-mono text-[12px] tabular-nums text-zinc-400" data-testid="viewer-position">
        {fill(m.position, { n: index + 1, total })}
      </span>
      <button type="button" className={viewerButton} aria-label={m.next} title={`${m.next} (])`} disabled={index >= total - 1} onClick={() => onStep(1)}>
        <ChevronRight className="h-4 w-4" />
      </button>
      <div className="ml-1 min-w-0 flex-1">
        <Dialog.Title className="truncate text-[14px] font-semibold text-zinc-100" data-testid="viewer-title">
          {title}
        </Dialog.Title>
        <p className="truncate text-[12px] text-zinc-400">{subtitle}</p>
      </div>
      <button type="button" className={viewerButton} aria-label={m.close} title={`${m.close} (Esc)`} onClick={onClose} data-testid="viewer-close">
        <X className="h-5 w-5" />
      </button>
    </div>
  );
}

interface ControlsProps {
  zoom: number;
  fitted: boolean;
  onFit: () => void;
  onZoom: (zoom: 1 | 2) => void;
  onStep: (direction: 1 | -1) => void;
  mode: ViewerMode;
  onMode: (mode: ViewerMode) => void;
  loupe: boolean;
  onLoupe: () => void;
  versions: ViewerVersion[];
  left: number;
  right: number;
  onLeft: (i: number) => void;
  onRight: (i: number) => void;
}

const select =
  'h-9 min-w-0 max-w-[14rem] truncate rounded-md bg-white/[0.06] px-2 text-[13px] text-zinc-100 ring-1 ring-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400';

function VersionSelect({
  label,
  value,
  versions,
  onChange,
  testId,
}: {
  label: string;
  value: number;
  versions: ViewerVersion[];
  onChange: (i: number) => void;
  testId: string;
}) {
  return (
    <label className="flex min-w-0 items-center gap-1.5 text-[12px] text-zinc-400">
      <span className="shrink-0">{label}</span>
      <select className={select} value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid={testId}>
        {versions.map((v, i) => (
          <option key={v.id} value={i}>
            {`${i + 1}. ${v.label} · ${v.width} × ${v.height}`}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ViewerControls(p: ControlsProps) {
  const pct = Math.round(p.zoom * 100);
  const at = (z: number) => !p.fitted && Math.abs(p.zoom - z) < 0.005;
  const compare = p.mode !== 'single';
  return (
    <div className="flex flex-wrap items-center justify-center gap-2 border-t border-white/10 bg-[#111215] px-2 py-2">
      <Group label={m.zoomGroup}>
        <button type="button" className={viewerButton} aria-label={m.zoomOut} title={`${m.zoomOut} (−)`} onClick={() => p.onStep(-1)} disabled={p.fitted}>
          <Minus className="h-4 w-4" />
        </button>
        <button type="button" className={viewerButton} aria-pressed={p.fitted} title={`${m.fit} (0, F)`} onClick={p.onFit}>
          {m.fit}
        </button>
        <button type="button" className={viewerButton} aria-pressed={at(1)} title={`${m.actualSize} (A)`} onClick={() => p.onZoom(1)}>
          {m.actualSize}
        </button>
        <button type="button" className={viewerButton} aria-pressed={at(2)} title={`${m.doubleSize} (Z)`} onClick={() => p.onZoom(2)}>
          {m.doubleSize}
        </button>
        <button type="button" className={viewerButton} aria-label={m.zoomIn} title={`${m.zoomIn} (+)`} onClick={() => p.onStep(1)}>
          <Plus className="h-4 w-4" />
        </button>
        <span
          className="w-12 text-center font-mono text-[12px] tabular-nums text-zinc-300"
          data-testid="viewer-zoom"
          aria-label={fill(m.zoomLevel, { zoom: pct })}
        >
          {pct}%
        </span>
      </Group>
      <Group label={m.modes}>
        <button
          type="button"
          className={viewerButton}
          aria-pressed={p.mode === 'single'}
          aria-label={m.single}
          title={m.single}
          onClick={() => p.onMode('single')}
        >
          <ImageIcon className="h-4 w-4" />
        </button>
        <button
          type="button"
          className={viewerButton}
          aria-pressed={p.mode === 'slider'}
          aria-label={m.slider}
          title={`${m.slider} (C)`}
          onClick={() => p.onMode('slider')}
          disabled={p.versions.length < 2}
        >
          <SplitSquareHorizontal className="h-4 w-4" />
        </button>
        <button
          type="button"
          className={viewerButton}
          aria-pressed={p.mode === 'side'}
          aria-label={m.sideBySide}
          title={`${m.sideBySide} (S)`}
          onClick={() => p.onMode('side')}
          disabled={p.versions.length < 2}
        >
          <Columns2 className="h-4 w-4" />
        </button>
      </Group>
      <button type="button" className={`${viewerButton} ring-1 ring-white/10`} aria-pressed={p.loupe} title={`${m.loupe} (L)`} onClick={p.onLoupe}>
        <Search className="h-4 w-4" />
        {m.loupe}
      </button>
      {compare && <VersionSelect label={m.leftVersion} value={p.left} versions={p.versions} onChange={p.onLeft} testId="viewer-left-version" />}
      {p.versions.length > 1 && <VersionSelect label={m.rightVersion} value={p.right} versions={p.versions} onChange={p.onRight} testId="viewer-version" />}
    </div>
  );
}
