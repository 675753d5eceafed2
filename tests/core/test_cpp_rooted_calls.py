"""A C++ call written from the top level (``::Error(msg)``) calls the file-level function, never
the member of the same name whose body it is written in: ninja's ``StatusPrinter::Error`` calls
``::Error(msg, ap)`` and ``RealDiskInterface::ReadFile`` calls ``::ReadFile(path, ...)``, and each
had been read as the method calling itself (libclang: the function of util.cc)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

FILES = {
    "src/util.h": "#include <string>\nvoid Error(const char* msg);\nint ReadFile(const std::string& p);\n",
    "src/util.cc": '#include "util.h"\nvoid Error(const char* msg) {}\nint ReadFile(const std::string& p) { return 0; }\n',
    "src/disk.cc": """\
#include "util.h"
namespace io {
struct Disk {
  int ReadFile(const std::string& p);
  void Error(const char* m);
};
void Disk::Error(const char* m) { ::Error(m); }
int Disk::ReadFile(const std::string& p) {
  Error("reading");
  return ::ReadFile(p);
}
}
""",
}


def test_a_call_from_the_top_level_is_the_file_level_function() -> None:
    graph = graph_of(FILES)
    assert call_targets(graph, "src/disk.cc", 7) == {"src/util.cc::Error"}
    assert call_targets(graph, "src/disk.cc", 10) == {"src/util.cc::ReadFile"}


def test_a_bare_call_in_a_method_is_still_the_member() -> None:
    assert call_targets(graph_of(FILES), "src/disk.cc", 9) == {"src/disk.cc::io.Disk.Error"}
