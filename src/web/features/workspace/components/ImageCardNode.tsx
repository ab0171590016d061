import { memo, useEffect, useState } from 'react';
import type { Node, NodeProps } from '@xyflow/react';
import { Check, Clock, Loader2, X } from 'lucide-react';
import { msg } from '@shared/messages';
import { isHighResolution } from '@shared/enhancement';
import { fitCard } from '@web/features/canvas-core/layout';
import { ZOOM_DEFAULT } from '@web/features/canvas-core/zoom';
import { isBusy, isEnhancedVersion, versionLabelOf, type WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { CompareSlider } from './CompareSlider';
import { CardVersions } from './CardVersions';
import { CardMenu } from './CardMenu';
import { CardProgress, CardUploadStatus } from './CardStatus';
import { useWorkspaceContext } from './workspace-context';
import { useCardPan } from '../hooks/useCardPan';
import { CardMaskOverlay } from '@web/features/remove-tool/components/CardMaskOverlay';
import { AnotherFillButton } from '@web/features/remove-tool/components/AnotherFillButton';
import { openViewer } from '@web/features/viewer/viewer-store';
import { isViewerDoubleClick, OpenViewerButton } from '@web/features/viewer/OpenViewerButton';

type ImageNodeData = { image: WorkspaceImage; multiSelected: boolean; /** Waiting in an Enhance-all run. */ queued?: boolean };
export type ImageNode = Node<ImageNodeData, 'image'>;

function ImageCardNodeImpl({ data, selected }: NodeProps<ImageNode>) {
  const ws = useWorkspaceContext();
  const { image } = data;
  const box = fitCard(image.width || 800, image.height || 700);
  const busy = isBusy(image);
  // the result on the canvas is its preview; the full file only for inspecting detail above 100 %
  const fullResult = image.zoom > ZOOM_DEFAULT || !image.enhanced?.previewUrl;
  const result = image.enhanced ? (fullResult ? image.enhanced.url : image.enhanced.previewUrl!) : '';
  const [enhancedLoaded, setEnhancedLoaded] = useState(false);
  useEffect(() => setEnhancedLoaded(false), [result]);

  // zoom inside the card (seed 000 §5: 10–1200 %), panned by dragging the image when zoomed in
  const { zoomed, comparing, imageStyle, panHandlers } = useCardPan(image, ws.getCanvasZoom);

  // the thumbnail keeps a canvas of many renders fluid; inspecting detail above 100 % needs the full file
  const original = (image.zoom > ZOOM_DEFAULT ? image.url : null) ?? image.thumbnailUrl ?? image.url ?? image.localUrl;
  const showEnhanced = image.enhanced && image.status !== 'uploading';
  const highRes = image.enhanced && fullResult ? isHighResolution(image.enhanced.width, image.enhanced.height) : false;

  let body: React.ReactNode;
  if (showEnhanced && image.view === 'compare') {
    body = (
      <CompareSlider
        // a new attempt at a result that did not load mounts it anew, so the image is asked for again
        key={ws.resultReloads[image.key] ?? 0}
        // the original at full size beside the result: a thumbnail would make any result look sharper than it is
        before={image.url ?? original ?? ''}
        after={result}
        alt={image.name}
        imageStyle={imageStyle}
        onError={() => void ws.imageFailed()}
        onAfterError={() => ws.resultFailed(image.key)}
        onAfterLoad={() => {
          setEnhancedLoaded(true);
          ws.resultLoaded(image.key);
        }}
      />
    );
  } else if (showEnhanced) {
    body = (
      <img
        key={ws.resultReloads[image.key] ?? 0}
        src={result}
        alt={image.name}
        draggable={false}
        className="h-full w-full object-contain"
        style={imageStyle}
        onLoad={() => {
          setEnhancedLoaded(true);
          ws.resultLoaded(image.key);
        }}
        onError={() => ws.resultFailed(image.key)}
      />
    );
  } else if (original) {
    body = (
      <img
        src={image.status === 'uploading' || image.status === 'upload-failed' ? (image.localUrl ?? original) : original}
        alt={image.name}
        draggable={false}
        decoding="async"
        className={`h-full w-full ${image.width > 0 ? 'object-contain' : 'object-cover'} ${image.status === 'uploading' ? 'opacity-40' : ''} ${image.status === 'upload-failed' ? 'opacity-25 grayscale' : ''}`}
        style={imageStyle}
        onError={() => image.imageId && void ws.imageFailed()}
      />
    );
  } else {
    body = <div className="h-full w-full bg-zinc-900" />;
  }

  return (
    <div
      className={`group relative rounded-[10px] bg-[#15161a] shadow-[0_20px_60px_-20px_rgba(0,0,0,0.8)] ring-1 transition-[box-shadow] ${
        selected ? 'ring-[3px] ring-violet-400' : data.multiSelected ? 'ring-[3px] ring-violet-400/50' : 'ring-white/10 hover:ring-white/25'
      }`}
      style={{ width: box.width }}
      data-testid="image-card"
      data-status={image.status}
      onDoubleClick={(e) => {
        if (!isViewerDoubleClick(e.target) || !(image.url || image.localUrl)) return;
        ws.dispatch({ type: 'select', key: image.key });
        openViewer(image.key);
      }}
      data-name={image.name}
    >
      <div
        className={`relative overflow-hidden rounded-t-[10px] bg-[#0d0e10] ${zoomed ? 'nodrag cursor-grab active:cursor-grabbing' : ''} ${zoomed && !comparing ? 'nopan touch-none' : ''}`}
        style={{ height: box.height }}
        {...panHandlers}
      >
        {body}
        <CardMaskOverlay image={image} selected={selected} />

        {image.enhanced && !busy && (
          <span
            className="ws-chip pointer-events-none absolute bottom-0 left-0 inline-flex items-center rounded-full bg-emerald-400 font-semibold text-emerald-950 shadow-lg"
            data-testid="enhanced-badge"
          >
            <Check strokeWidth={3} />
            {isEnhancedVersion(image) ? msg('workspaceEnhancedBadge') : msg('workspaceRemovedBadge')}
          </span>
        )}

        {data.queued && (
          <span
            className="ws-chip pointer-events-none absolute left-0 top-0 inline-flex items-center rounded-full bg-black/75 font-medium text-zinc-200 ring-1 ring-white/15"
            data-testid="queued-badge"
          >
            <Clock />
            {msg('workspaceQueued')}
          </span>
        )}

        {zoomed && <span className="ws-chip pointer-events-none absolute bottom-0 right-0 rounded bg-black/75 font-mono text-white/90">{image.zoom}%</span>}

        {showEnhanced && highRes && !enhancedLoaded && !busy && (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center bg-black/40">
            <span className="ws-btn inline-flex items-center bg-black/75 text-white/90">
              <Loader2 className="animate-spin" />
              {msg('workspaceHighResLoading')}
            </span>
          </div>
        )}

        <CardUploadStatus image={image} onRetry={() => void ws.retryUpload(image.key)} />

        {busy && image.job && (
          <CardProgress job={image.job} cancelling={image.status === 'cancelling'} spots={ws.queue.spots} onCancel={() => void ws.cancel(image.key)} />
        )}

        {!busy && (
          <button
            type="button"
            aria-label={msg('workspaceRemoveImage')}
            title={msg('workspaceRemoveImage')}
            className={`ws-icon-btn nodrag absolute right-0 flex items-center justify-center rounded-full bg-black/70 text-white/80 ring-1 ring-white/15 transition-opacity hover:bg-red-500 hover:text-white focus-visible:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 ${
              selected ? 'opacity-100' : 'opacity-0 group-hover:opacity-100'
            } ${showEnhanced && image.view === 'compare' ? 'bottom-0' : 'top-0'}`}
            onClick={(e) => {
              e.stopPropagation();
              ws.remove(image.key);
            }}
          >
            <X />
          </button>
        )}
      </div>

      <div className="ws-caption flex items-center justify-between border-t border-white/5">
        <span className="min-w-0 truncate font-medium text-zinc-200" title={image.name}>
          {image.name}
        </span>
        <span className="ws-mono ml-auto shrink-0 font-mono tabular-nums text-zinc-500">
          {image.width > 0 ? `${image.width} × ${image.height}` : ''}
          {/* the output size only when it differs: a removal keeps the size it worked on */}
          {image.enhanced && (image.enhanced.width !== image.width || image.enhanced.height !== image.height) ? (
            <span className="text-emerald-400/90">{` → ${image.enhanced.width} × ${image.enhanced.height}`}</span>
          ) : null}
        </span>
        {(image.url || image.localUrl) && <OpenViewerButton cardKey={image.key} />}
        {!busy && <CardMenu image={image} />}
      </div>
      {image.enhanced && (
        // which version the card shows, as the steps that made it: an enhancement of a removal keeps the removal
        <div className="ws-caption truncate border-t border-white/5 text-emerald-300/90" data-testid="card-chain" title={versionLabelOf(image)}>
          {versionLabelOf(image)}
        </div>
      )}
      <CardVersions image={image} />
      <AnotherFillButton image={image} />
      {image.status === 'failed' && image.error && !/cancel+ed/i.test(image.error) && (
        <div className="ws-error rounded-b-[10px] border-t border-red-500/20 bg-red-500/10 text-red-300">{image.error}</div>
      )}
    </div>
  );
}

export const ImageCardNode = memo(ImageCardNodeImpl);
