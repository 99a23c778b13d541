"""Schemathesis hooks for .ci/run: the image part of POST /card holds a real image of the
type its part declares, since the server checks the bytes' signature against the declared
type (a mismatch is a documented 415 the schema cannot express); and an image that
GET /card/{cardId}/image answers must be of the type its Content-Type names."""

import base64

import schemathesis
from hypothesis import strategies as st

# A 1x1 grey PNG, the sandbox's own sample picture.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="
)
# The start of a JFIF file: the server checks the JPEG signature, not the whole image.
JPEG = bytes.fromhex("ffd8ffe000104a46494600010100000100010000ffd9")

schemathesis.openapi.media_type("image/png", st.just(PNG))
schemathesis.openapi.media_type("image/jpeg", st.just(JPEG))


SIGNATURES = {"image/png": PNG[:8], "image/jpeg": JPEG[:3]}


@schemathesis.deserializer("image/png", "image/jpeg")
def image_bytes(ctx, response):
    """The image's bytes as text for the schema (which only names the media type), once
    they start with the signature of the type the reply declares."""
    media_type = response.headers.get("content-type", [""])[0].split(";")[0].strip().lower()
    if not response.content.startswith(SIGNATURES[media_type]):
        raise ValueError(f"the body is not {media_type}: it starts {response.content[:8]!r}")
    return response.content.decode("latin-1")
