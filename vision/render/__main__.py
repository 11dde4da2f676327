"""`python -m vision.render OUTDIR ...` (same as `python -m vision render`)."""
from .cli import main

raise SystemExit(main())
