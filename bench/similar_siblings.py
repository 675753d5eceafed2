"""How "similar to X" answers on the pinned corpora: where X's siblings rank, and whether X is listed.

Each question names a definition X and the siblings a reader would expect (labelled by hand from the
code before any run: the same job on another type, the other direction, the other methods of one
family). For each question the default preset answers on the static tier (a fresh index, as a first
run leaves it), and the report gives the rank of the first expected sibling, how many of the
expected are in the top 5 (of at most 5), and whether X itself is in the top 10.

    python -m bench.similar_siblings [--preset default] [--index-dir DIR]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from bench.corpora import corpus

QUESTIONS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "requests": [
        ("to_key_val_list", ("from_key_val_list",)),
        ("Session.get", ("Session.head", "Session.options", "Session.post", "Session.put", "Session.patch",
                         "Session.delete")),
        ("HTTPAdapter", ("BaseAdapter",)),
        ("HTTPProxyAuth", ("HTTPBasicAuth", "HTTPDigestAuth", "AuthBase")),
        ("dict_from_cookiejar", ("cookiejar_from_dict", "add_dict_to_cookiejar")),
    ],
    "flask": [
        ("SessionInterface.get_cookie_domain", ("SessionInterface.get_cookie_path", "SessionInterface.get_cookie_name",
                                                "SessionInterface.get_cookie_httponly",
                                                "SessionInterface.get_cookie_secure",
                                                "SessionInterface.get_cookie_samesite")),
        ("get_debug_flag", ("get_load_dotenv",)),
        ("SecureCookieSessionInterface.open_session", ("SessionInterface.open_session",
                                                       "SecureCookieSessionInterface.save_session")),
        ("send_file", ("send_from_directory",)),
    ],
    "click": [
        ("IntParamType", ("FloatParamType", "BoolParamType", "StringParamType", "UUIDParameterType")),
        ("secho", ("echo", "style")),
        ("IntRange", ("FloatRange",)),
        ("pass_obj", ("pass_context", "pass_meta_key", "make_pass_decorator")),
        ("confirm", ("prompt",)),
    ],
}
"""Corpus -> (X, the siblings expected), qualified names as the index writes them."""


def _is(symbol: str | None, name: str) -> bool:
    return symbol is not None and (symbol == name or symbol.endswith("." + name))


def main() -> None:
    """Print one line per question and the totals."""
    parser = argparse.ArgumentParser(prog="python -m bench.similar_siblings", description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="default")
    parser.add_argument("--index-dir", type=Path, default=None)
    args = parser.parse_args()
    from maguyva_tui.core.engine import Engine

    base = args.index_dir or Path(tempfile.mkdtemp(prefix="similar-"))
    firsts, recalls, selves, times = [], [], 0, []
    for name, questions in QUESTIONS.items():
        engine = Engine(corpus(name), index_base=base)
        engine.refresh()
        for x, expected in questions:
            started = time.perf_counter()
            result = engine.search(f"similar to {x}", limit=10, preset=args.preset)
            times.append((time.perf_counter() - started) * 1000)
            names = [r.symbol for r in result.results]
            ranks = [i + 1 for i, s in enumerate(names) if any(_is(s, e) for e in expected)]
            first = ranks[0] if ranks else 11
            recall = sum(1 for r in ranks if r <= 5) / min(5, len(expected))
            self_listed = any(s == x or (s or "").endswith("." + x) or s == x.rpartition(".")[2] and "." not in x
                              for s in names)
            firsts.append(first)
            recalls.append(recall)
            selves += self_listed
            print(f"{name:9} {x:45} first sibling {first if first <= 10 else '>10':>3}  "
                  f"expected in top 5 {recall:.2f}  X listed {'yes' if self_listed else 'no'}  "
                  f"top 3: {', '.join(str(s) for s in names[:3])}")
    n = len(firsts)
    mrr = sum(1 / f for f in firsts if f <= 10) / n
    print(f"\n{n} questions, preset {args.preset}: MRR@10 of the first sibling {mrr:.3f}, "
          f"first sibling in the top 3 {sum(f <= 3 for f in firsts)}/{n}, "
          f"expected in the top 5 {sum(recalls) / n:.2f}, X listed in the top 10 {selves}/{n}, "
          f"median {sorted(times)[n // 2]:.0f} ms")


if __name__ == "__main__":
    main()
