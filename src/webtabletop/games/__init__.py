"""One package per game; importing a package registers its GameSpec."""
