"""Renderlift for Blender: enhance renders and images through a Renderlift server's public API (/api/v1)."""

bl_info = {
    "name": "Renderlift",
    "author": "Renderlift",
    "version": (1, 0, 0),
    "blender": (3, 2, 0),
    "location": "Image Editor > Image > Enhance with Renderlift; Image Editor > Sidebar > Renderlift",
    "description": "Upscale and enhance renders with a Renderlift server, by hand or after every render",
    "category": "Render",
}

import os
import time

import bpy
from bpy.app.handlers import persistent
from bpy.props import BoolProperty, EnumProperty, StringProperty

from . import messages, tasks

SCALES = [("2", "2×", "Twice the width and height"), ("3", "3×", ""), ("4", "4×", ""), ("6", "6×", "")]
MODES = [
    ("precision", "Precision", "Faithful upscale: sharper, nothing invented"),
    ("detail", "Detail", "Recovers fine texture"),
    ("creativity", "Creativity", "Adds plausible detail"),
]
PNG_LIKE = {".png", ".jpg", ".jpeg", ".webp", ".tif", ".tiff"}


def prefs(context=None):
    return (context or bpy.context).preferences.addons[__package__].preferences


class RenderliftPreferences(bpy.types.AddonPreferences):
    bl_idname = __package__

    server_url: StringProperty(name="Server URL", description="Your Renderlift server, e.g. https://renderlift.example.com", default="http://localhost:3000")
    api_key: StringProperty(name="API key", description="An API key from your profile's API tab (rl_live_…)", subtype="PASSWORD")
    auto_enhance: BoolProperty(name="Enhance every finished render", description="Upload each finished render and write <name>_x2_precision.png beside it", default=False)
    auto_scale: EnumProperty(name="Scale", items=SCALES, default="2")
    auto_mode: EnumProperty(name="Mode", items=MODES, default="precision")

    def draw(self, _context):
        layout = self.layout
        layout.prop(self, "server_url")
        layout.prop(self, "api_key")
        layout.label(text="The key needs the scopes images:write, jobs:write, jobs:read and files:read.")
        layout.prop(self, "auto_enhance")
        row = layout.row()
        row.enabled = self.auto_enhance
        row.prop(self, "auto_scale")
        row.prop(self, "auto_mode")


def render_output_png(scene):
    """Where a render that was not written goes: the frame's output path, as PNG."""
    path = bpy.path.abspath(scene.render.frame_path(frame=scene.frame_current))
    return os.path.splitext(path)[0] + ".png"


def save_render_result(scene, path):
    """Writes the Render Result to `path` as PNG (the render holds the pixels even where the image shows none)."""
    result = bpy.data.images.get("Render Result")
    if result is None:
        raise RuntimeError(messages.NO_PIXELS)
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    settings = scene.render.image_settings
    kept = settings.file_format
    settings.file_format = "PNG"
    try:
        result.save_render(filepath=path, scene=scene)
    finally:
        settings.file_format = kept
    return path


class IMAGE_OT_renderlift_enhance(bpy.types.Operator):
    """Upload this image to Renderlift, enhance it and write the result beside it"""

    bl_idname = "image.renderlift_enhance"
    bl_label = "Enhance with Renderlift"
    bl_options = {"REGISTER"}

    scale: EnumProperty(name="Scale", items=SCALES, default="2")
    mode: EnumProperty(name="Mode", items=MODES, default="precision")

    @classmethod
    def poll(cls, context):
        space = context.space_data
        return space is not None and space.type == "IMAGE_EDITOR" and space.image is not None

    def invoke(self, context, _event):
        return context.window_manager.invoke_props_dialog(self)

    def execute(self, context):
        image = context.space_data.image
        try:
            source = self._source(context, image)
        except (RuntimeError, OSError) as err:
            self.report({"ERROR"}, str(err))
            return {"CANCELLED"}
        if tasks.busy_with(source):
            self.report({"WARNING"}, messages.ALREADY_RUNNING.format(name=os.path.basename(source)))
            return {"CANCELLED"}
        p = prefs(context)
        tasks.start(source, int(self.scale), self.mode, p.server_url, p.api_key, show_in=image.name)
        self.report({"INFO"}, messages.UPLOADING.format(name=os.path.basename(source)))
        return {"FINISHED"}

    @staticmethod
    def _source(context, image):
        if image.type == "RENDER_RESULT":
            try:
                return save_render_result(context.scene, render_output_png(context.scene))
            except RuntimeError:
                raise RuntimeError(messages.NO_PIXELS) from None
        path = bpy.path.abspath(image.filepath_raw or image.filepath, library=image.library)
        if image.packed_file is not None or not path or not os.path.isfile(path):
            raise RuntimeError(messages.NOT_ON_DISK)
        if image.is_dirty:
            raise RuntimeError(messages.NOT_ON_DISK)
        return path


class IMAGE_PT_renderlift(bpy.types.Panel):
    bl_space_type = "IMAGE_EDITOR"
    bl_region_type = "UI"
    bl_category = "Renderlift"
    bl_label = "Renderlift"

    def draw(self, context):
        layout = self.layout
        layout.operator(IMAGE_OT_renderlift_enhance.bl_idname, icon="IMAGE_DATA")
        p = prefs(context)
        layout.prop(p, "auto_enhance")
        row = layout.row()
        row.enabled = p.auto_enhance
        row.prop(p, "auto_scale", text="")
        row.prop(p, "auto_mode", text="")
        if tasks.active():
            layout.label(text="Enhancing…", icon="SORTTIME")


def menu_entry(self, _context):
    self.layout.separator()
    self.layout.operator(IMAGE_OT_renderlift_enhance.bl_idname, icon="IMAGE_DATA")


# The files the current render wrote (render_write runs after each one is saved, before render_complete).
_written = []
_render_started = [0.0]


def written_candidates(scene):
    """Where a render just wrote its image: a still (write_still) goes to the output path without a frame number,
    an animation frame to the frame's path."""
    still = bpy.path.abspath(scene.render.filepath)
    ext = scene.render.file_extension
    if scene.render.use_file_extension and not still.lower().endswith(ext.lower()):
        still += ext
    return [still, bpy.path.abspath(scene.render.frame_path(frame=scene.frame_current))]


@persistent
def on_render_init(_scene, *_args):
    _written.clear()
    _render_started[0] = time.time()


@persistent
def on_render_write(scene, *_args):
    fresh = [p for p in written_candidates(scene) if os.path.isfile(p) and os.path.getmtime(p) >= _render_started[0] - 1]
    if fresh:
        _written.append(max(fresh, key=os.path.getmtime))


@persistent
def on_render_complete(scene, *_args):
    written = []
    for path in _written:
        if os.path.isfile(path) and path not in written:
            written.append(path)
    _written.clear()
    p = prefs()
    if not p.auto_enhance:
        return
    # a still, or every frame of an animation, as written; EXR and the like, or nothing written: saved as PNG first
    sources = [path for path in written if os.path.splitext(path)[1].lower() in PNG_LIKE]
    if not sources:
        try:
            sources = [save_render_result(scene, render_output_png(scene))]
        except (RuntimeError, OSError) as err:
            print(messages.FAILED.format(message=err), flush=True)
            return
    for source in sources:
        if not tasks.busy_with(source):
            tasks.start(source, int(p.auto_scale), p.auto_mode, p.server_url, p.api_key, show_in="Render Result")


def wait(timeout=None):
    """For scripts and background renders: waits until every enhancement started has ended; True when all did."""
    return tasks.wait(timeout)


classes = (RenderliftPreferences, IMAGE_OT_renderlift_enhance, IMAGE_PT_renderlift)


def register():
    tasks.resume()
    for cls in classes:
        bpy.utils.register_class(cls)
    bpy.types.IMAGE_MT_image.append(menu_entry)
    bpy.app.handlers.render_init.append(on_render_init)
    bpy.app.handlers.render_write.append(on_render_write)
    bpy.app.handlers.render_complete.append(on_render_complete)


def unregister():
    tasks.stop()
    for handler, fn in (
        (bpy.app.handlers.render_init, on_render_init),
        (bpy.app.handlers.render_write, on_render_write),
        (bpy.app.handlers.render_complete, on_render_complete),
    ):
        if fn in handler:
            handler.remove(fn)
    bpy.types.IMAGE_MT_image.remove(menu_entry)
    for cls in reversed(classes):
        bpy.utils.unregister_class(cls)
