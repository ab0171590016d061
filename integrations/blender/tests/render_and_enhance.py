"""Headless check of the add-on: installs it from a zip, sets its preferences, renders a small Cycles frame and lets
the automatic path enhance it.

    blender -b --factory-startup --python-exit-code 1 --python render_and_enhance.py -- \
        ADDON_ZIP SERVER_URL API_KEY OUT_DIR [SCALE] [write|nowrite]

With `nowrite` the render is not written (as F12 without saving), so the add-on saves the result first.
"""

import os
import sys

import addon_utils
import bpy

args = sys.argv[sys.argv.index("--") + 1 :]
zip_path, server_url, api_key, out_dir = args[:4]
scale = args[4] if len(args) > 4 else "2"
write_still = (args[5] if len(args) > 5 else "write") == "write"

bpy.ops.preferences.addon_install(filepath=zip_path, overwrite=True)
module = addon_utils.enable("renderlift", default_set=True, handle_error=None)
if module is None:
    raise SystemExit("the add-on did not enable")
print("renderlift enabled, version", ".".join(map(str, module.bl_info["version"])), flush=True)

prefs = bpy.context.preferences.addons["renderlift"].preferences
prefs.server_url = server_url
prefs.api_key = api_key
prefs.auto_enhance = True
prefs.auto_scale = scale
prefs.auto_mode = "precision"

scene = bpy.context.scene
scene.render.engine = "CYCLES"
scene.cycles.device = "CPU"
scene.cycles.samples = 4
scene.cycles.use_denoising = False
scene.render.resolution_x = 320
scene.render.resolution_y = 240
scene.render.resolution_percentage = 100
scene.render.image_settings.file_format = "PNG"
scene.render.filepath = os.path.join(out_dir, "shot")

bpy.ops.render.render(write_still=write_still)
print("rendered", flush=True)

if not module.wait(timeout=300):
    raise SystemExit("the enhancement did not end in time")
print("renderlift finished", flush=True)
