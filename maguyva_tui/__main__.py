"""Entry point: ``maguyva`` and ``python -m maguyva_tui``."""

from __future__ import annotations

import sys


def main() -> int:
    """Run the command line."""
    from maguyva_tui.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    sys.exit(main())
