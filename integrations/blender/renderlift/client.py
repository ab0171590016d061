"""Renderlift's public API (/api/v1) from Python's standard library: upload, enhance, follow, download.

Nothing here touches bpy, so it runs on a background thread; progress is reported through a callback.
"""

import hashlib
import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

from . import messages

USER_AGENT = "renderlift-blender/1.0"
# Network calls give up after this long; a job is followed until it ends or JOB_TIMEOUT passes.
REQUEST_TIMEOUT = 60
POLL_SECONDS = 1.0
JOB_TIMEOUT = 30 * 60


class RenderliftError(Exception):
    """A failure worth telling the artist as is: the API's problem detail, or what went wrong on the way."""

    def __init__(self, message, code=None, status=None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status


def result_path(source_path, scale, mode):
    """`<name>_x2_precision.png` beside the source."""
    folder, name = os.path.split(source_path)
    stem = os.path.splitext(name)[0]
    return os.path.join(folder, "%s_x%d_%s.png" % (stem, int(scale), mode))


def _multipart(field, filename, data, content_type):
    boundary = "----renderlift" + uuid.uuid4().hex
    safe_name = filename.replace('"', "_").replace("\r", "_").replace("\n", "_")
    head = (
        "--%s\r\n"
        'Content-Disposition: form-data; name="%s"; filename="%s"\r\n'
        "Content-Type: %s\r\n\r\n" % (boundary, field, safe_name, content_type)
    ).encode("utf-8")
    tail = ("\r\n--%s--\r\n" % boundary).encode("ascii")
    return head + data + tail, "multipart/form-data; boundary=" + boundary


def _content_type(path):
    ext = os.path.splitext(path)[1].lower()
    return {
        ".png": "image/png",
        ".jpg": "image/jpeg",
        ".jpeg": "image/jpeg",
        ".webp": "image/webp",
        ".tif": "image/tiff",
        ".tiff": "image/tiff",
        ".exr": "image/x-exr",
    }.get(ext, "application/octet-stream")


class Client:
    def __init__(self, server_url, api_key):
        self.server_url = (server_url or "").strip().rstrip("/")
        self.api_key = (api_key or "").strip()

    def _request(self, method, path, body=None, headers=None, raw=False):
        if not self.server_url:
            raise RenderliftError(messages.NO_SERVER)
        if not self.api_key:
            raise RenderliftError(messages.NO_KEY)
        url = self.server_url + path
        all_headers = {
            "Authorization": "Bearer " + self.api_key,
            "User-Agent": USER_AGENT,
            "Accept": "application/json",
        }
        all_headers.update(headers or {})
        req = urllib.request.Request(url, data=body, method=method, headers=all_headers)
        try:
            with urllib.request.urlopen(req, timeout=REQUEST_TIMEOUT) as res:
                data = res.read()
        except urllib.error.HTTPError as err:
            raise _problem(err) from None
        except urllib.error.URLError as err:
            raise RenderliftError(messages.UNREACHABLE.format(url=self.server_url, reason=_reason(err.reason))) from None
        except (OSError, ValueError) as err:
            raise RenderliftError(messages.UNREACHABLE.format(url=self.server_url, reason=_reason(err))) from None
        if raw:
            return data
        try:
            return json.loads(data.decode("utf-8"))
        except ValueError:
            raise RenderliftError(messages.NOT_RENDERLIFT.format(url=self.server_url)) from None

    def upload(self, path):
        with open(path, "rb") as f:
            data = f.read()
        body, content_type = _multipart("files", os.path.basename(path), data, _content_type(path))
        answer = self._request("POST", "/api/v1/uploads", body, {"Content-Type": content_type})
        results = answer.get("results") or []
        if not results:
            raise RenderliftError(messages.UPLOAD_REFUSED.format(reason="no result"))
        first = results[0]
        if first.get("status") != "accepted":
            error = first.get("error") or {}
            raise RenderliftError(error.get("message") or messages.UPLOAD_REFUSED.format(reason=first.get("status")), error.get("code"))
        return first["id"], hashlib.sha256(data).hexdigest()

    def create_job(self, image_id, scale, mode, idempotency_key):
        body = json.dumps({"imageId": image_id, "scale": int(scale), "mode": mode}).encode("utf-8")
        headers = {"Content-Type": "application/json", "Idempotency-Key": idempotency_key}
        return self._request("POST", "/api/v1/jobs", body, headers)["job"]

    def get_job(self, job_id):
        return self._request("GET", "/api/v1/jobs/" + urllib.parse.quote(job_id))["job"]

    def download(self, job_id):
        path = "/api/v1/jobs/%s/download?redirect=false" % urllib.parse.quote(job_id)
        return self._request("GET", path, headers={"Accept": "image/png"}, raw=True)

    def enhance_file(self, source_path, scale, mode, progress=None, cancelled=None):
        """Uploads `source_path`, enhances it and writes the result beside it; returns the result's path.

        `progress(text, fraction)` is called along the way; `cancelled()` returning True stops following the job.
        """
        say = progress or (lambda text, fraction: None)
        name = os.path.basename(source_path)
        say(messages.UPLOADING.format(name=name), 0.0)
        image_id, _digest = self.upload(source_path)
        # a retried request (a lost answer) replays the first job instead of paying twice; the key names the upload,
        # because the server compares the whole request and each upload of a file is a new image
        key = "blender-%s-x%d-%s" % (image_id, int(scale), mode)
        job = self.create_job(image_id, scale, mode, key)
        started = time.monotonic()
        while job.get("status") == "processing":
            if cancelled and cancelled():
                raise RenderliftError(messages.STOPPED)
            if time.monotonic() - started > JOB_TIMEOUT:
                raise RenderliftError(messages.TIMED_OUT.format(minutes=JOB_TIMEOUT // 60))
            pct = int(job.get("progress") or 0)
            eta = job.get("eta_ms")
            text = messages.ENHANCING.format(name=name, progress=pct)
            if eta:
                text += messages.SECONDS_LEFT.format(seconds=max(1, int(round(eta / 1000))))
            say(text, 0.1 + 0.8 * pct / 100.0)
            time.sleep(POLL_SECONDS)
            job = self.get_job(job["id"])
        if job.get("status") != "completed":
            raise RenderliftError(job.get("error_message") or messages.JOB_ENDED.format(status=job.get("status")))
        say(messages.DOWNLOADING.format(name=name), 0.9)
        data = self.download(job["id"])
        out = result_path(source_path, scale, mode)
        partial = out + ".part"
        with open(partial, "wb") as f:
            f.write(data)
        os.replace(partial, out)
        return out


def _reason(reason):
    text = getattr(reason, "strerror", None) or str(reason)
    return text or reason.__class__.__name__


def _problem(err):
    """An HTTP error as the artist should read it: the problem's `detail` (the catalogue's message) when there is one."""
    detail, code = None, None
    try:
        body = json.loads(err.read().decode("utf-8"))
        if isinstance(body, dict):
            detail = body.get("detail") or (body.get("error") or {}).get("message")
            code = body.get("code") or (body.get("error") or {}).get("code")
    except (ValueError, OSError, AttributeError):
        pass
    if not detail:
        detail = messages.HTTP_ERROR.format(status=err.code, reason=err.reason)
    return RenderliftError(detail, code, err.code)
