"""Static files storage for production: hashed names, also inside ES module imports."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]  # untyped
    """Rewrites `import ... from "./x.js";` to the hashed name too.

    Without it a module would load `x.js` by its plain name, which the service worker has
    not cached, and the app would break offline after a deploy.
    """

    support_js_module_import_aggregation = True
