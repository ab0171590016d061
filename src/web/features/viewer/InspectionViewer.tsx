/**
 * The inspection viewer: a card full-screen, to zoom (Fit, 100 %, 200 %, wheel, pinch), pan (drag, one finger,
 * arrows), look through a loupe, and compare any two versions of the render with a before/after divider or side by
 * side, in step. A modal dialog: the focus stays inside, Escape closes it and puts the focus back on the card.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Dialog } from 'radix-ui';
import { fill } from '@shared/messages';
import { viewerMessages as m } from '@shared/viewer';
import { isTypingTarget } from '@web/features/canvas-core/zoom';
import { useWorkspaceContext } from '@web/features/workspace/components/workspace-context';
import { closeViewer, openViewer, useViewerKey } from './viewer-store';
import { viewerVersions } from './viewer-versions';
import { viewerKeyAction } from './viewer-keys';
import { useViewTransform } from './useViewTransform';
import { usePanZoomGestures } from './usePanZoomGestures';
import { useViewerChoice } from './useViewerChoice';
import { ViewerStage } from './ViewerStage';
import { ViewerControls, ViewerHeader } from './ViewerToolbar';

const usePhone = () => {
  const query = '(max-width: 639px)';
  const [phone, setPhone] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const mq = window.matchMedia(query);
    const on = () => setPhone(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return phone;
};

/** The card's node on the canvas, which gets the focus back when the viewer closes. */
const cardNode = (key: string) => document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(key)}"]`);

export function InspectionViewer() {
  const ws = useWorkspaceContext();
  const key = useViewerKey();
  const lastKey = useRef<string | null>(null);
  if (key) lastKey.current = key;
  const cards = ws.state.images.filter((i) => i.url || i.localUrl);
  const index = cards.findIndex((i) => i.key === key);
  const image = index >= 0 ? cards[index] : null;
  const versions = useMemo(() => (image ? viewerVersions(image) : []), [image]);
  const choice = useViewerChoice(image, versions);
  const right = versions[choice.right];
  const left = versions[choice.left] ?? right;

  // elements in state, not refs: the dialog's portal mounts its content a render after opening, and the hooks must
  // measure and listen once it is there
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [main, setMain] = useState<HTMLDivElement | null>(null);
  // the view's units: the largest version's pixels
  const largest = versions.reduce((a, b) => (b.width > a.width ? b : a), right ?? { width: 1, height: 1 });
  const reference = useMemo(() => ({ width: largest?.width || 1, height: largest?.height || 1 }), [largest?.width, largest?.height]);
  const controls = useViewTransform(main, reference, { width: right?.width || 1, height: right?.height || 1 });
  const gestures = usePanZoomGestures(container, controls);
  const phone = usePhone();

  // a card removed while shown closes the viewer
  useEffect(() => {
    if (key && !image) closeViewer();
  }, [key, image]);
  // each card opens at Fit
  const { fit } = controls;
  useEffect(() => fit(), [key, fit]);

  const goTo = (step: 1 | -1) => {
    const next = cards[index + step];
    if (!next) return;
    ws.dispatch({ type: 'select', key: next.key });
    openViewer(next.key);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (isTypingTarget(e.target)) return;
    const action = viewerKeyAction(e, controls.fitted, versions.length);
    if (!action) return;
    // the viewer's keys are not the canvas's (its zoom, session and tool keys listen on the window)
    e.preventDefault();
    e.stopPropagation();
    if (action.type === 'close') closeViewer();
    else if (action.type === 'card') goTo(action.step);
    else if (action.type === 'pan') controls.pan(action.dx, action.dy);
    else if (action.type === 'zoom') {
      if (action.to === 'fit') controls.fit();
      else controls.zoomTo(action.to);
    } else if (action.type === 'step') controls.step(action.direction);
    else if (action.type === 'version') choice.setRight(action.index);
    else if (action.type === 'loupe') choice.toggleLoupe();
    else choice.setMode(action.mode, true);
  };

  return (
    <Dialog.Root open={!!image} onOpenChange={(open) => !open && closeViewer()}>
      <Dialog.Portal>
        <Dialog.Content
          className="fixed inset-0 z-[80] flex flex-col bg-[#0b0c0e] text-zinc-100 focus:outline-none"
          data-testid="viewer"
          onKeyDown={onKeyDown}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            // the stage takes the keys; found in the content, which is in the page by now
            (e.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-testid="viewer-stage"]')?.focus();
          }}
          onCloseAutoFocus={(e) => {
            const back = lastKey.current ? cardNode(lastKey.current) : null;
            if (!back) return;
            e.preventDefault();
            back.focus({ preventScroll: true });
          }}
          onEscapeKeyDown={(e) => {
            // Escape is answered once, by the key map (which also stops it reaching the canvas)
            e.preventDefault();
            closeViewer();
          }}
        >
          {image && right && (
            <>
              <ViewerHeader
                title={fill(m.title, { name: image.name })}
                subtitle={choice.mode === 'single' ? right.label : `${left.label} ↔ ${right.label}`}
                index={index}
                total={cards.length}
                onStep={goTo}
                onClose={closeViewer}
              />
              <Dialog.Description className="sr-only">{m.description}</Dialog.Description>
              <ViewerStage
                mode={choice.mode}
                left={left}
                right={right}
                view={controls.view}
                zoom={controls.zoom}
                loupe={choice.loupe}
                phone={phone}
                fitted={controls.fitted}
                container={setContainer}
                main={setMain}
                gestures={gestures}
              />
              <ViewerControls
                zoom={controls.zoom}
                fitted={controls.fitted}
                onFit={controls.fit}
                onZoom={(z) => controls.zoomTo(z)}
                onStep={controls.step}
                mode={choice.mode}
                onMode={(mode) => choice.setMode(mode)}
                loupe={choice.loupe}
                onLoupe={choice.toggleLoupe}
                versions={versions}
                left={choice.left}
                right={choice.right}
                onLeft={choice.setLeft}
                onRight={choice.setRight}
              />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
