"""Developer tooling (build, serve, self-play). Not used by the page."""
