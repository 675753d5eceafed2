"""Ruby: a heredoc opened inside another heredoc's ``#{...}`` (roda's exception page writes its
HTML so) made tree-sitter-ruby read the whole file as one error, and every class, module and
method in it was no symbol; its bodies are parsed as blanks of the same length instead."""

from __future__ import annotations

import time

from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import parse
from maguyva_tui.core.parsing.ruby_heredocs import blank_nested_heredocs

PAGE = b'''class Roda
  module ExceptionPage
    def exception_page(var, none)
      <<END
  <h3>#{none}</h3>
  #{(var && !var.empty?) ? (<<END1) : "<p>#{none}</p>"
    <table>
      #{var.map{|key, val| (<<END2)}.join
      <tr><td>#{key}</td></tr>
END2
}
    </table>
END1
}
END
    end

    def exception_page_css
      <<~CSS
        body { color: red; }
      CSS
    end
  end
end
'''


def names(source: bytes) -> list[str]:
    _, symbols = extract_definitions(parse("ruby", source), source, "ruby", "lib/page.rb")
    return [s.qualname for s in symbols]


def test_a_file_with_nested_heredocs_defines_its_classes_and_methods() -> None:
    assert names(PAGE) == ["Roda", "Roda.ExceptionPage", "Roda.ExceptionPage.exception_page",
                           "Roda.ExceptionPage.exception_page_css"]


def test_only_the_nesting_heredoc_s_body_is_blanked_every_line_kept() -> None:
    blanked = blank_nested_heredocs(PAGE)
    assert len(blanked) == len(PAGE) and blanked.count(b"\n") == PAGE.count(b"\n")
    assert b"<table>" not in blanked and b"body { color: red; }" in blanked and b"\nEND\n" in blanked
    plain = b"x = <<END\n  #{a}\nEND\n"  # no heredoc inside: the text as it is, the very object
    assert blank_nested_heredocs(plain) is plain


def test_thousands_of_heredocs_never_closed_are_read_in_linear_time() -> None:
    # each opener's terminator had been looked for to the file's end: 20,000 lines took 20 s
    source = b"def (\n" + b"".join(b"x = <<~A%d\n" % i for i in range(4_000)) + PAGE
    started = time.process_time()
    blanked = blank_nested_heredocs(source)
    assert time.process_time() - started < 0.3
    assert blanked == source[:-len(PAGE)] + blank_nested_heredocs(PAGE) != source  # the page's nested one still blanked
