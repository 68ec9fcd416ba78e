from webtabletop.cli import main

raise SystemExit(main())
