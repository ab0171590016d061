"""Enhancements running on background threads, and what they report back to Blender's main thread.

A thread only talks HTTP and writes the result file; everything that touches bpy (the status bar, progress, loading
the result into the Image Editor) happens in `drain()`, run by a `bpy.app.timers` timer in the interface, or by
`wait()` in background mode, where timers never fire.
"""

import os
import queue
import threading
import time

import bpy

from . import messages
from .client import Client, RenderliftError

_events = queue.Queue()
_threads = []
_running = set()
_lock = threading.Lock()
_stopping = threading.Event()
TICK_SECONDS = 0.25
# an animation's frames are sent a few at a time, not all at once
_slots = threading.Semaphore(2)


def busy_with(path):
    with _lock:
        return os.path.abspath(path) in _running


def start(source_path, scale, mode, server_url, api_key, show_in=None):
    """Enhances `source_path` on a background thread; `show_in` names the image the result replaces in Image Editors."""
    source_path = os.path.abspath(source_path)
    client = Client(server_url, api_key)

    def run():
        try:
            with _slots:
                out = client.enhance_file(
                    source_path,
                    scale,
                    mode,
                    progress=lambda text, fraction: _events.put(("progress", text, fraction)),
                    cancelled=_stopping.is_set,
                )
            _events.put(("done", out, show_in))
        except RenderliftError as err:
            _events.put(("error", err.message, None))
        except Exception as err:  # an unforeseen failure still reaches the artist instead of dying silently
            _events.put(("error", "%s: %s" % (err.__class__.__name__, err), None))
        finally:
            with _lock:
                _running.discard(source_path)
            _events.put(("finished", None, None))

    thread = threading.Thread(target=run, name="renderlift-enhance", daemon=True)
    with _lock:
        _running.add(source_path)
        _threads.append(thread)
    thread.start()
    if not bpy.app.background and not bpy.app.timers.is_registered(_tick):
        bpy.app.timers.register(_tick, first_interval=TICK_SECONDS)
    return thread


def active():
    with _lock:
        _threads[:] = [t for t in _threads if t.is_alive()]
        return len(_threads)


def wait(timeout=None):
    """Waits for every running enhancement (background mode, scripts) and applies what they reported."""
    deadline = None if timeout is None else time.monotonic() + timeout
    with _lock:
        threads = list(_threads)
    for thread in threads:
        thread.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
    drain()
    return active() == 0


def stop():
    _stopping.set()


def resume():
    _stopping.clear()


def _tick():
    drain()
    if active() or not _events.empty():
        return TICK_SECONDS
    return None


def drain():
    """Applies the threads' reports on the main thread."""
    while True:
        try:
            kind, value, extra = _events.get_nowait()
        except queue.Empty:
            return
        if kind == "progress":
            if bpy.app.background:
                print(value, flush=True)
            _status(value, extra)
        elif kind == "done":
            print(messages.DONE.format(path=value), flush=True)
            _show_result(value, extra)
            _status(messages.DONE.format(path=os.path.basename(value)), None)
        elif kind == "error":
            text = messages.FAILED.format(message=value)
            print(text, flush=True)
            _status(text, None)
            _popup(value)
        elif kind == "finished" and active() == 0:
            _progress_end()


def _windows():
    wm = bpy.context.window_manager
    return list(wm.windows) if wm and not bpy.app.background else []


_progress_on = False


def _status(text, fraction):
    global _progress_on
    if bpy.app.background:
        return
    for window in _windows():
        try:
            with bpy.context.temp_override(window=window):
                window.workspace.status_text_set(text)
        except (AttributeError, RuntimeError, TypeError):
            pass
    wm = bpy.context.window_manager
    if fraction is not None:
        if not _progress_on:
            wm.progress_begin(0, 100)
            _progress_on = True
        wm.progress_update(int(fraction * 100))


def _progress_end():
    global _progress_on
    if _progress_on and not bpy.app.background:
        bpy.context.window_manager.progress_end()
    _progress_on = False
    if not bpy.app.background:
        # the last message stays a while, then the status bar is Blender's again
        bpy.app.timers.register(_clear_status, first_interval=8.0)


def _clear_status():
    if active():
        return None
    for window in _windows():
        try:
            with bpy.context.temp_override(window=window):
                window.workspace.status_text_set(None)
        except (AttributeError, RuntimeError, TypeError):
            pass
    return None


def _popup(text):
    if bpy.app.background:
        return

    def draw(menu, _context):
        menu.layout.label(text=text)

    try:
        bpy.context.window_manager.popup_menu(draw, title="Renderlift", icon="ERROR")
    except (AttributeError, RuntimeError):
        pass


def _show_result(path, replaces):
    image = bpy.data.images.load(path, check_existing=True)
    image.reload()
    shown = False
    for window in _windows():
        for area in window.screen.areas:
            if area.type != "IMAGE_EDITOR":
                continue
            space = area.spaces.active
            if replaces is None or (space.image is not None and space.image.name == replaces):
                space.image = image
                area.tag_redraw()
                shown = True
    if not shown:
        # no editor showed the source: the first Image Editor shows the result
        for window in _windows():
            for area in window.screen.areas:
                if area.type == "IMAGE_EDITOR":
                    area.spaces.active.image = image
                    area.tag_redraw()
                    return
