"""The bank's plumbing: what every app may import, and which imports no app (docs/architecture.md)."""
