import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Background, BackgroundVariant, ControlButton, Controls, ReactFlow, useReactFlow, type NodeChange, type NodeTypes } from '@xyflow/react';
import { Maximize2 } from 'lucide-react';
import { isBusy } from '@web/features/canvas-core/workspace-state';
import { frameCards, PHONE_CARD_SPAN, TOAST_CORNER } from '@web/features/canvas-core/layout';
import { ImageCardNode, type ImageNode } from './ImageCardNode';
import { useWorkspaceContext } from './workspace-context';
import { useCanvasFocus } from '../hooks/useCanvasFocus';
import type { CanvasFocus } from '../hooks/useLibraryCards';

const nodeTypes: NodeTypes = { image: ImageCardNode };

/** seed 000 §2: canvas zoom 0.05 to 5, starting at 0.8. */
const MIN_ZOOM = 0.05;
const MAX_ZOOM = 5;
const START_ZOOM = 0.8;
/** A workspace whose saved layout has not arrived by then shows its cards where they are. */
const SETTLE_WAIT_MS = 4000;
/** Below Tailwind's `sm` breakpoint the control panel is a bottom sheet instead of a column on the left. */
const isPhoneLayout = (width: number) => width < 640;

/**
 * `settled` says the workspace's saved layout (the active session) is on the canvas; until then, and after every
 * layout from saved positions until the camera is framed on it, the cards stay hidden so they never show cut at the
 * edges or jumping from their grid places to their saved ones.
 */
export function WorkspaceCanvas({
  dropping,
  onZoomChange,
  settled = true,
  focus,
}: {
  dropping: boolean;
  onZoomChange: (z: number) => void;
  settled?: boolean;
  /** A card from the library to bring into view (or to leave where it was dropped). */
  focus?: CanvasFocus | null;
}) {
  const ws = useWorkspaceContext();
  const { state, dispatch } = ws;
  const flow = useReactFlow();

  // React Flow shows a node only once it knows its size, and it takes the size from the node objects we pass.
  // A fresh object without `measured` (every progress event rebuilds the list) would hide the card until it is
  // measured again, so unchanged cards keep their object and rebuilt ones carry the last measured size.
  const measured = useRef(new Map<string, { width: number; height: number }>());
  const built = useRef(new Map<string, ImageNode>());
  const waitingKeys = state.batch?.waiting.join('\n') ?? '';
  const waiting = useMemo(() => new Set(waitingKeys ? waitingKeys.split('\n') : []), [waitingKeys]);
  const nodes = useMemo<ImageNode[]>(() => {
    const next = new Map<string, ImageNode>();
    const list = state.images.map((image) => {
      const selected = state.selectedKey === image.key;
      const multiSelected = state.multiSelected.includes(image.key);
      const queued = waiting.has(image.key) && !isBusy(image);
      // seed 000 §4: no dragging while processing or during a file drop
      const draggable = !isBusy(image) && !dropping;
      const prev = built.current.get(image.key);
      const node: ImageNode =
        prev &&
        prev.data.image === image &&
        prev.selected === selected &&
        prev.data.multiSelected === multiSelected &&
        prev.data.queued === queued &&
        prev.draggable === draggable
          ? prev
          : {
              id: image.key,
              type: 'image',
              position: image.position,
              data: { image, multiSelected, queued },
              selected,
              draggable,
              selectable: !isBusy(image),
              connectable: false,
              deletable: false,
              measured: measured.current.get(image.key),
            };
      next.set(image.key, node);
      return node;
    });
    built.current = next;
    for (const key of measured.current.keys()) if (!next.has(key)) measured.current.delete(key);
    return list;
  }, [state.images, state.selectedKey, state.multiSelected, waiting, dropping]);

  const onNodesChange = useCallback(
    (changes: NodeChange<ImageNode>[]) => {
      for (const change of changes) {
        if (change.type === 'position' && change.position) dispatch({ type: 'move', key: change.id, position: change.position });
        if (change.type === 'dimensions' && change.dimensions) measured.current.set(change.id, change.dimensions);
      }
    },
    [dispatch],
  );

  // fit the cards into the area the floating panel and toolbar leave free, never above the start zoom
  const fitCards = useCallback(
    (duration: number) => {
      const el = document.querySelector('.workspace-flow');
      const bounds = flow.getNodesBounds(flow.getNodes());
      if (!el || bounds.width === 0) return;
      const area = el.getBoundingClientRect();
      const { width, height } = area;
      // wider than a phone the bottom band is the toasts' (bottom right, beside the zoom controls)
      const pad = isPhoneLayout(width) ? { top: 72, left: 16, right: 16, bottom: 96 } : { top: 80, left: 320, right: 56, bottom: TOAST_CORNER.band };
      // the toolbar takes two rows on a tablet: keep the cards below whatever height it has
      const toolbar = document.querySelector('[role="toolbar"][aria-label="Workspace tools"]')?.getBoundingClientRect();
      if (toolbar && toolbar.height > 0) pad.top = Math.max(pad.top, toolbar.bottom - area.top + 16);
      // a phone keeps cards readable (one across, captions at full size) rather than the whole grid at a glance
      const phone = isPhoneLayout(width);
      const viewport = frameCards(bounds, { width, height }, pad, {
        minZoom: MIN_ZOOM,
        maxZoom: START_ZOOM,
        minCardWidth: phone ? PHONE_CARD_SPAN : undefined,
      });
      void flow.setViewport(viewport, { duration });
    },
    [flow],
  );

  // the layout count the camera was last framed for: cards laid out anew stay hidden until it catches up (uploads
  // into an empty workspace are no layout and show at once)
  const layoutsRef = useRef(state.layouts);
  layoutsRef.current = state.layouts;
  const [framedLayouts, setFramedLayouts] = useState(0);
  const [waitedOut, setWaitedOut] = useState(false);
  useEffect(() => {
    if (settled) return;
    const timer = window.setTimeout(() => setWaitedOut(true), SETTLE_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [settled]);
  const hidden = (!settled && !waitedOut) || framedLayouts !== state.layouts;

  // frame the cards once React Flow has measured them all (a card shows, and has its size, only after that)
  const frameWhenMeasured = useCallback(
    (duration: number) => {
      let frames = 0;
      const attempt = () => {
        const all = flow.getNodes();
        if (all.length > 0 && all.some((n) => !n.measured?.width) && ++frames < 60) requestAnimationFrame(attempt);
        else {
          fitCards(duration);
          setFramedLayouts(layoutsRef.current);
        }
      };
      requestAnimationFrame(attempt);
    },
    [flow, fitCards],
  );

  // bring the cards into view when they are laid out from saved positions (the first load, a session put back) and
  // when new ones arrive (an upload)
  const count = state.images.length;
  const seen = useRef({ count: 0, layouts: 0 });
  useEffect(() => {
    const before = seen.current;
    if (state.layouts !== before.layouts) frameWhenMeasured(0);
    else if (count > before.count && !focusPending()) frameWhenMeasured(before.count === 0 ? 0 : 300);
    seen.current = { count, layouts: state.layouts };
  }, [count, state.layouts, frameWhenMeasured]);
  // after the effect above: it asks whether a card from the library is the one arriving
  const focusPending = useCanvasFocus(focus, { min: MIN_ZOOM, max: START_ZOOM });

  // the panel moves between the left side and a bottom sheet when the window crosses the phone width (a rotated
  // tablet, a resized window): the camera framed for one layout would leave the cards under the panel in the other
  useEffect(() => {
    let phone = isPhoneLayout(window.innerWidth);
    const onResize = () => {
      const now = isPhoneLayout(window.innerWidth);
      if (now !== phone) fitCards(0);
      phone = now;
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [fitCards]);

  return (
    <ReactFlow<ImageNode>
      nodes={nodes}
      edges={[]}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onNodeClick={(e, node) => dispatch({ type: 'select', key: node.id, additive: e.shiftKey || e.metaKey || e.ctrlKey })}
      onPaneClick={() => dispatch({ type: 'select', key: null })}
      onMove={(_, viewport) => onZoomChange(viewport.zoom)}
      onInit={(instance) => onZoomChange(instance.getZoom())}
      minZoom={MIN_ZOOM}
      maxZoom={MAX_ZOOM}
      defaultViewport={{ x: 360, y: 96, zoom: START_ZOOM }}
      zoomOnDoubleClick={false}
      nodesConnectable={false}
      // selection is the workspace's (a processing card cannot be selected), not React Flow's
      elementsSelectable={false}
      selectNodesOnDrag={false}
      deleteKeyCode={null}
      multiSelectionKeyCode={null}
      selectionKeyCode={null}
      panOnScroll={false}
      colorMode="dark"
      proOptions={{ hideAttribution: true }}
      className={hidden ? 'workspace-flow is-settling' : 'workspace-flow'}
    >
      <Background variant={BackgroundVariant.Dots} gap={24} size={1.4} color="rgba(255,255,255,0.12)" bgColor="#0b0c0e" />
      {/* React Flow's own fit would frame the cards under the control panel */}
      <Controls position="bottom-right" showInteractive={false} showFitView={false} className="workspace-controls">
        <ControlButton onClick={() => fitCards(300)} title="Fit cards into view" aria-label="Fit cards into view" data-testid="fit-cards">
          <Maximize2 />
        </ControlButton>
      </Controls>
    </ReactFlow>
  );
}
