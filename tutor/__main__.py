from tutor.cli.main import main

raise SystemExit(main())
