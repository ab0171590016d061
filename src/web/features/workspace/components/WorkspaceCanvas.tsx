import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Background, BackgroundVariant, Controls, ReactFlow, useReactFlow, type NodeChange, type NodeTypes } from '@xyflow/react';
import { isBusy } from '../state/workspace-state';
import { ImageCardNode, type ImageNode } from './ImageCardNode';
import { useWorkspaceContext } from './workspace-context';

const nodeTypes: NodeTypes = { image: ImageCardNode };

/** seed 000 §2: canvas zoom 0.05 to 5, starting at 0.8. */
const MIN_ZOOM = 0.05;
const MAX_ZOOM = 5;
const START_ZOOM = 0.8;

export function WorkspaceCanvas({ dropping, onZoomChange }: { dropping: boolean; onZoomChange: (z: number) => void }) {
  const ws = useWorkspaceContext();
  const { state, dispatch } = ws;
  const flow = useReactFlow();

  const nodes = useMemo<ImageNode[]>(
    () =>
      state.images.map((image) => ({
        id: image.key,
        type: 'image',
        position: image.position,
        data: { image, multiSelected: state.multiSelected.includes(image.key) },
        selected: state.selectedKey === image.key,
        // seed 000 §4: no dragging while processing or during a file drop
        draggable: !isBusy(image) && !dropping,
        selectable: !isBusy(image),
        connectable: false,
        deletable: false,
      })),
    [state.images, state.selectedKey, state.multiSelected, dropping],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<ImageNode>[]) => {
      for (const change of changes) {
        if (change.type === 'position' && change.position) dispatch({ type: 'move', key: change.id, position: change.position });
      }
    },
    [dispatch],
  );

  // bring new cards into view when the canvas goes from empty to filled (first upload, or restore after a reload)
  const count = state.images.length;
  const seen = useRef(0);
  useEffect(() => {
    if (count > seen.current) {
      const first = seen.current === 0;
      // after the new cards were measured
      setTimeout(() => {
        // fit the cards into the area the floating panel and toolbar leave free, centred, never above the start zoom
        const el = document.querySelector('.workspace-flow');
        const bounds = flow.getNodesBounds(flow.getNodes());
        if (!el || bounds.width === 0) return;
        const { width, height } = el.getBoundingClientRect();
        const mobile = width < 640;
        const pad = mobile ? { top: 72, left: 16, right: 16, bottom: 96 } : { top: 80, left: 320, right: 56, bottom: 48 };
        const zoom = Math.max(MIN_ZOOM, Math.min(START_ZOOM, (width - pad.left - pad.right) / bounds.width, (height - pad.top - pad.bottom) / bounds.height));
        const x = pad.left + (width - pad.left - pad.right - bounds.width * zoom) / 2 - bounds.x * zoom;
        const y = pad.top + (height - pad.top - pad.bottom - bounds.height * zoom) / 2 - bounds.y * zoom;
        void flow.setViewport({ x, y, zoom }, { duration: first ? 0 : 300 });
      }, 60);
    }
    seen.current = count;
  }, [count, flow]);

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
      className="workspace-flow"
    >
      <Background variant={BackgroundVariant.Dots} gap={24} size={1.4} color="rgba(255,255,255,0.12)" bgColor="#0b0c0e" />
      <Controls position="bottom-right" showInteractive={false} className="workspace-controls" />
    </ReactFlow>
  );
}
