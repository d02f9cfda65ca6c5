"""Output: the build, renderers (PDF, SVG, PNG), the manifest and atomic writes."""
