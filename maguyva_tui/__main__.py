"""Entry point: ``maguyva`` and ``python -m maguyva_tui``.

Lean on purpose: ``maguyva search ...`` first asks the repository's resident server
(:mod:`maguyva_tui.resident.client`, standard library only) and prints its answer; only when no
server answers is the command line (and with it numpy and the engine) imported and run here.
"""

from __future__ import annotations

import sys


def main() -> int:
    """Run the command line."""
    argv = sys.argv[1:]
    if argv[:1] == ["search"]:
        from maguyva_tui.resident.client import answer

        try:
            status = answer(argv)
        except KeyboardInterrupt:
            print("maguyva: interrupted", file=sys.stderr)
            return 130
        if status is not None:
            return status
    elif argv[:1] == ["server"]:
        from maguyva_tui.resident.command import main as server_main

        return server_main(argv[1:])
    from maguyva_tui.cli import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main())
