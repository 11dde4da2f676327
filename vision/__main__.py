"""Entry point: `python -m vision scan|render|bench ...` (render and bench belong to the renderer)."""
import sys

USAGE = "usage: python -m vision {scan,render,bench} ...\n"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in ("scan", "render", "bench"):
        sys.stderr.write(USAGE)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "scan":
        from .cli import scan_main
        return scan_main(rest)
    if command == "render":
        from .render.cli import main as render_main
        return render_main(rest)
    from .bench import main as bench_main
    return bench_main(rest)


if __name__ == "__main__":
    raise SystemExit(main())
