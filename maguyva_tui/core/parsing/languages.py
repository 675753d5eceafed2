"""The tree-sitter language registry: file extension to grammar, one parser per thread."""

from __future__ import annotations

import importlib
import re
import threading
from functools import cache

from tree_sitter import Language, Node, Parser, Tree

from maguyva_tui.core.parsing import ruby_heredocs
from maguyva_tui.core.parsing.extensions import CPP_SYNTAX as CPP_SYNTAX  # the registry's light half, re-exported
from maguyva_tui.core.parsing.extensions import EXTENSIONS as EXTENSIONS
from maguyva_tui.core.parsing.extensions import LANGUAGES as LANGUAGES
from maguyva_tui.core.parsing.extensions import c_or_cpp as c_or_cpp
from maguyva_tui.core.parsing.extensions import language_for as language_for
from maguyva_tui.core.parsing.extensions import language_of as language_of
from maguyva_tui.core.parsing.extensions import script_language as script_language
from maguyva_tui.core.parsing.rust_macros import (
    MACRO_CALL,
    MACRO_RULES,
    cfg_if_spans,
    unwrapped_expression_macros,
    unwrapped_macro_rules,
)

_GRAMMARS: dict[str, tuple[str, str]] = {
    "python": ("tree_sitter_python", "language"),
    "javascript": ("tree_sitter_javascript", "language"),
    "typescript": ("tree_sitter_typescript", "language_typescript"),
    "tsx": ("tree_sitter_typescript", "language_tsx"),
    "go": ("tree_sitter_go", "language"),
    "rust": ("tree_sitter_rust", "language"),
    "java": ("tree_sitter_java", "language"),
    "c": ("tree_sitter_c", "language"),
    "cpp": ("tree_sitter_cpp", "language"),
    "php": ("tree_sitter_php", "language_php"),  # PHP with its HTML around it, as a .php file is
    "ruby": ("tree_sitter_ruby", "language"),
}
"""Language to its official grammar wheel's module and the function that returns the grammar."""


@cache
def grammar(language: str) -> Language:
    """Load the grammar of a language from its official wheel."""
    module_name, function = _GRAMMARS[language]
    return Language(getattr(importlib.import_module(module_name), function)())


_local = threading.local()


BARE_MACRO = re.compile(rb"^[ \t]*[A-Z_][A-Z0-9_]{2,}[ \t]*(?://[^\r\n]*)?(?=\r?$)", re.MULTILINE)
"""A C or C++ line that is one upper-case name and nothing else (``FMT_BEGIN_NAMESPACE``,
``ABSL_NAMESPACE_BEGIN``, ``G_BEGIN_DECLS``): no statement or declaration is a bare name without
a semicolon, so it is a macro, and the grammar, which sees no preprocessor, reads it as the start
of a declaration and swallows what follows (fmt's ``args.h``: none of its 14 classes and
functions found)."""


BLOCK_MACRO = re.compile(rb"^[ \t]+[A-Z_][A-Z0-9_]{2,}(?=[ \t]*\{[ \t]*(?://[^\r\n]*)?\r?$)", re.MULTILINE)
"""An indented C or C++ line that is one upper-case name and an opening brace (spdlog's
``SPDLOG_TRY {``, a macro for ``try`` where exceptions are on): no statement is a bare name before
a block, and the grammar read the name and the block as a compound literal, lost on its first
statement, and with it the namespaces around the function and every function after it (spdlog's
``thread_pool-inl.h``: 11 of its 15 definitions lost). The name is blanked, the block kept."""


TEST_ANNOTATION = re.compile(rb"^[ \t]*TEST_(?:CASE|RANGE|MATRIX)[ \t]*\([^\r\n]*\)[ \t]*(?://[^\r\n]*)?(?=\r?$)", re.MULTILINE)
"""A line of Unity's parameterized tests before a test function (``TEST_CASE(1, 2, 5)``,
``TEST_RANGE([3, 4, 1], <30, 31, 1>)``, ``TEST_MATRIX([3, 4], [10, 8])``): the macro expands to
nothing, and the grammar, which reads a call missing its ``;`` (and brackets and ``<`` as
expressions), swallowed the function after it (Unity's ``test_demoParamFunction`` was no symbol)."""


EXPORT_MACRO = re.compile(
    rb"\b(?:class|struct|union)[ \t]+(?P<macros>(?:[A-Z_][A-Z0-9_]{2,}[ \t]+)+)"
    rb"(?=[A-Za-z_][A-Za-z0-9_]*[ \t]*(?:final\b[ \t]*)?(?:\r?\n[ \t]*)?[:{])",
    re.MULTILINE,
)
"""Upper-case names between ``class`` (``struct``, ``union``) and the type's own name: the export
or visibility macros of libraries (``class FMT_API format_error : public std::runtime_error {``,
Qt's ``class Q_CORE_EXPORT QObject``, gtest's ``GTEST_API_``). The grammar, which sees no
preprocessor, read the macro as the class's name and the real name as a function's, the class's
body as that function's statements: fmt's ``format_error``, ``file`` and ``ostream`` were classes
called ``FMT_API``, their methods lost. Only before a name followed by a base list or a brace
(on its line or the next), so ``struct FOO make_foo(void) {``, ``struct TAG var;`` and ``static
struct TAG var`` with ``= {...};`` on the next line are left as written."""


COMMENTED_CONTINUATION = re.compile(rb"(?:/\*(?:[^*\n]|\*(?!/))*\*/[ \t]*)+(?=\\\r?$)", re.MULTILINE)
"""A one-line block comment before a ``#define``'s continuation backslash (ninja's ``#define
IF_FIRSTRUN(cond)`` / ``if constexpr (!FIRSTRUN) assert(!(cond)); /* NOLINT */ \\``): the grammar
ends the macro at the comment, reads its next line as code, and that ``if`` swallowed the template
method after it (``RecomputeOutputsDirtyCache::RecomputeOutputDirty`` was no symbol, its ~20 calls
of ``Node::exists``, ``Node::mtime`` no function's). The comment is blanked, the backslash kept."""


_DIRECTIVE = re.compile(rb"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b", re.MULTILINE)
_NOISE = re.compile(rb'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|//[^\n]*|/\*.*?(?:\*/|\Z)', re.DOTALL)
"""String and character literals and comments: where a bracket or a ``#`` is no code."""
_BLANKS = bytes(byte if byte in b"\r\n" else 0x20 for byte in range(256))
"""A table for ``bytes.translate`` that makes every byte a blank but line ends."""


def _first_branches(source: bytes) -> bytes:
    """C or C++ source where each preprocessor conditional with a branch that opens or closes
    brackets it does not close or open itself keeps its first branch only, as plain code: its
    directives and other branches are made blanks of the same length (every byte offset and line
    kept), as ctags reads such code.

    ``#if X`` / ``for (;!done;) {`` / ``#else`` / ``for (;;) {`` / ``#endif`` (libuv's
    ``uv__async_io``) gives the grammar two opening braces for one closing: the function swallowed
    what followed, and its locals were read as the file's globals. Conditionals whose branches
    each balance their brackets are left as written (the grammar parses each branch), unless they
    open inside a list (:func:`_in_list`), where the grammar expects no directive."""
    plain = bytearray(_NOISE.sub(lambda m: m.group().translate(_BLANKS), source))
    out = bytearray(source)
    open_groups: list[list[tuple[int, int]]] = []
    for directive in _DIRECTIVE.finditer(bytes(plain)):
        span = (directive.start(), _directive_end(source, directive.end()))
        word = directive.group(1)
        if word.startswith(b"if"):
            open_groups.append([span])
        elif open_groups:
            open_groups[-1].append(span)
            if word == b"endif":
                _keep_first_branch(plain, out, open_groups.pop())
    return bytes(out)


def _directive_end(source: bytes, at: int) -> int:
    """Where a directive that goes on at ``at`` ends: its newline, past escaped newlines and the
    comments it holds (``#else /* ... */`` over several lines)."""
    end = len(source)
    while at < end:
        if source.startswith(b"/*", at):
            close = source.find(b"*/", at + 2)
            at = end if close < 0 else close + 2
        elif source[at] == 0x5C and source.startswith((b"\n", b"\r\n"), at + 1):  # a backslash before a newline
            at = source.index(b"\n", at) + 1
        elif source[at] == 0x0A:
            return at
        else:
            at += 1
    return end


def _keep_first_branch(plain: bytearray, out: bytearray, group: list[tuple[int, int]]) -> None:
    """Blank a conditional's directives and every branch but the first (in both the text and its
    literal-free copy), when one of its branches leaves a bracket unbalanced or it opens inside a
    list (:func:`_in_list`)."""
    inside = _in_list(plain, group[0][0])
    if len(group) < 3 and not inside:
        return
    branches = [(group[k][1], group[k + 1][0]) for k in range(len(group) - 1)]
    if not inside and all(_balanced(plain[start:end]) for start, end in branches):
        return
    for start, end in [*group, *branches[1:]]:
        for text in (plain, out):
            text[start:end] = text[start:end].translate(_BLANKS)


def _in_list(plain: bytearray, at: int) -> bool:
    """Whether a directive at ``at`` sits inside a list: after a ``,`` or ``(``, or after the ``:``
    that follows a constructor's ``)`` (leveldb's ``Limiter(int n) : #if !defined(NDEBUG)
    max_acquires_(n), #endif acquires_allowed_(n) {``), where the grammar, which sees no
    preprocessor, lost the class and read the rest of the file as its body; or between a keyword
    and the name it needs (spdlog's ``namespace #ifdef SPDLOG_USE_STD_FORMAT std #else fmt #endif
    {``: the namespace and its ``formatter`` were lost)."""
    before = bytes(plain[max(0, at - 400):at]).rstrip()
    if before.endswith((b",", b"(")) or _NAMING_KEYWORD_END.search(before) is not None:
        return True
    return before.endswith(b":") and not before.endswith(b"::") and before[:-1].rstrip().endswith(b")")


IN_LIST_END = re.compile(rb"(?:[,(]|\)\s*:|\b(?:namespace|class|struct|union|enum))[ \t]*(?://|\r?\Z)")
"""The end of a line before a conditional that may open inside a list or after a keyword that
needs a name (:func:`_in_list` tells): a ``,``, a ``(``, a constructor's ``) :`` or the keyword,
then a ``//`` comment or the line's end."""

_IF_DIRECTIVE = re.compile(rb"\n[ \t]*#[ \t]*if")
_SPACE = b" \t\n\r\f\v"


def opens_in_list(source: bytes) -> bool:
    """Whether a conditional may open inside a list (:data:`IN_LIST_END` ends the line before an
    ``#if``). Only the line before each ``#if`` is read: one regex over the whole text had read on
    from each ``(`` to its line's end, and a line of 40,000 bytes of ``(//`` took 33 s."""
    for directive in _IF_DIRECTIVE.finditer(source):
        end = directive.start()
        start = source.rfind(b"\n", 0, end) + 1
        if source[start:end].lstrip().startswith(b":"):  # a constructor's ``)`` may be lines above
            while start > 0 and source[start - 1] in _SPACE:
                start -= 1
        if IN_LIST_END.search(source, max(0, start - 1), end) is not None:
            return True
    return False

_NAMING_KEYWORD_END = re.compile(rb"(?<![\w:])(?:namespace|class|struct|union|enum)\Z")
"""A keyword that a name must follow, ending the code before a directive."""


def _balanced(text: bytearray) -> bool:
    """Whether code with no literal or comment left opens as many braces and parentheses as it closes."""
    return text.count(b"{") == text.count(b"}") and text.count(b"(") == text.count(b")")


KEYWORD_MACRO = re.compile(
    rb"^[ \t]*(?P<macros>(?:[A-Z_][A-Z0-9_]{2,}(?:\([^()\r\n]*\))?[ \t]+)+)"
    rb"(?=(?:template|namespace|typedef|using|extern|static|inline|class|struct|union|enum|void)\b)",
    re.MULTILINE,
)
"""Upper-case names that start a line before a keyword no type name can precede
(``FMT_MODULE_EXPORT template <typename Char>``, ``FMT_API inline namespace``, ``STATIC void``):
macros, which the grammar, seeing no preprocessor, read as a type and lost the declaration after;
with their arguments too (Unity's ``UNITY_FUNCTION_ATTR(noreturn) void test...(void)`` had added
a variable named ``noreturn``)."""


LEADING_MACRO = re.compile(
    rb"^(?P<macros>[A-Z_][A-Z0-9_]{2,}[ \t]+)"
    rb"(?=(?:[A-Za-z_][\w:]*[ \t]+)*[A-Za-z_][\w:]*(?:[ \t]*\*+(?:[ \t]+\**)?|[ \t]+\**|[ \t]*\r?\n\**)[A-Za-z_]\w*[ \t]*\()",
    re.MULTILINE,
)
"""An upper-case macro that starts a line before a function's return type and name (lz4's
``XXH_PUBLIC_API XXH_errorcode XXH32_update (``, ``LZ4_FORCE_INLINE int`` with the name on the
next line): the grammar read the macro as the type and the type as the name (``XXH32_update`` was
a function named ``XXH_errorcode``), or lost the function. Only before a type and a name, after
:data:`CALLING_MACRO` has blanked a calling convention (``HRESULT WINAPI Foo(`` keeps its type), and
only at a line's start, where no statement in a body is."""


_CPP_TYPE = (rb"(?:(?:const|volatile|unsigned|signed|long|short|typename|constexpr|virtual|explicit|friend|static)[ \t]+)*"
             rb"(?!(?:return|else|case|goto|throw|new|delete|co_return|co_yield|co_await)\b)"
             rb"[A-Za-z_][\w:]*(?:<[^;{}()\r\n]*>(?:::[A-Za-z_]\w*)*)?(?:[ \t]*(?:\bconst\b|[*&]))*")
"""A C++ return type on one line: qualifiers, a (qualified, templated) name, ``const``, ``*`` and ``&``."""

DECLARATION_MACRO = re.compile(
    rb"^[ \t]*(?:template[ \t]*<[^<>\r\n]*(?:<[^<>\r\n]*>[^<>\r\n]*)*>[ \t]*)?"
    rb"(?P<macros>(?:[A-Z_][A-Z0-9_]{2,}[ \t]+)+)"
    rb"(?=" + _CPP_TYPE + rb"(?:[ \t]+|(?<=[*&]))(?:[A-Za-z_]\w*(?:<[^<>\r\n]*>)?::)*~?[A-Za-z_]\w*[ \t]*\("
    rb"|(?:[A-Za-z_]\w*::)*(?P<type>[A-Za-z_]\w*)(?:<[^<>\r\n]*>)?::~?(?P=type)[ \t]*\("
    rb"|~?[A-Za-z_]\w*[ \t]*\([^;{}()\r\n]*(?:\([^;{}()\r\n]*\)[^;{}()\r\n]*)*\)[ \t]*(?:noexcept[ \t]*)?"
    rb"(?:\{|:(?!:)|\r?\n[ \t]*(?:\{|:(?!:))))",
    re.MULTILINE,
)
"""Upper-case macros that start a C++ declaration, indented in a class's body too, before a
return type and a name (CLI11's ``CLI11_NODISCARD const std::vector<std::string> &get_aliases()
const``, ``CLI11_NODISCARD CLI11_INLINE std::string App::help(``, after ``template <...>``) or an
out-of-class constructor (``CLI11_INLINE Option::Option(``), or an in-class one with its body or
initialisers after it (tl::expected's ``TL_EXPECTED_11_CONSTEXPR expected(const expected<U, G> &rhs)``
then ``: ctor_base(...) {``, which had ended the class there, its 60 later members lost): the grammar, which sees no
preprocessor, read the macro as the type and lost the method (``count`` was a variable named
``std``) or named it after a base's constructor call (``AsSizeValue::AsSizeValue(...) :
AsNumberWithUnit(...)`` was a function ``AsNumberWithUnit``): 34 of CLI11's methods. Only before a
type and a name, a class's own name twice, or a name whose parameters a body or an initialiser
list follows, so a macro call or an upper-case type's variable (``UINT32 x(0);``) is left as written."""


_SPECIFIERS = (rb"static|extern|inline|__inline|__inline__|__forceinline|const|volatile|register|unsigned|signed|long"
               rb"|short|struct|enum|union|typedef|typename|virtual|constexpr|friend|explicit|_Noreturn")

CALLING_MACRO = re.compile(
    rb"^[ \t]*(?:(?:" + _SPECIFIERS + rb")[ \t]+)*"
    rb"(?!(?:" + _SPECIFIERS + rb"|return|else|case|goto|sizeof|new|delete|throw|do|using|namespace|class|template"
    rb"|operator)\b)[A-Za-z_][\w:]*(?:[ \t]+|[ \t]*\*+[ \t]*)"
    rb"(?P<macros>(?:[A-Z_][A-Z0-9_]{2,}[ \t]+)+)(?=\**[ \t]*[A-Za-z_]\w*[ \t]*[(\[=;])"
    rb"|\((?P<pointer>[ \t]*[A-Z_][A-Z0-9_]{2,}[ \t]+)(?=\*+[ \t]*[A-Za-z_]\w*[ \t]*\)[ \t]*\()",
    re.MULTILINE,
)
"""Upper-case calling-convention macros between a function's return type and its name (cJSON's
``int CJSON_CDECL main(void)``, Windows' ``int WINAPI WinMain(``), or before a function pointer's
``*name`` (``typedef void (CJSON_CDECL *hook_fn)(void *p);``): the grammar, which sees no
preprocessor, read ``int CJSON_CDECL`` as a variable, ``main`` as a type and ``(void)`` as the
declarator, so every such ``main`` was a function named ``void`` and the typedef a type named
``CJSON_CDECL``. Only after a type word that is no keyword (``static BOOL is_ok(`` keeps its
type) and before a name and its ``(``; or a variable's ``[``, ``=`` or ``;``: Unity's ``const char
UNITY_PROGMEM UnityStrOk[] = "OK";`` had been a constant named ``UNITY_PROGMEM``."""


STORAGE_MACRO = re.compile(
    rb"^[ \t]*(?:(?:static|extern|const|volatile)[ \t]+)+(?P<macros>(?:[A-Z_][A-Z0-9_]{2,}[ \t]+)+)"
    rb"(?=(?:(?:const|volatile|struct|union|enum|unsigned|signed)[ \t]+)*[A-Za-z_]\w*(?:[ \t]+\**|[ \t]*\*+[ \t]*)"
    rb"[A-Za-z_]\w*[ \t]*[(\[=;,])",
    re.MULTILINE,
)
"""Upper-case macros between a storage class and the type (cmocka's ``static CMOCKA_THREAD
cm_jmp_buf global_run_test_env;``, ``extern FOO_API int count;``): the grammar read the macro as
the type, the type as the name, and ``global_run_test_env`` was no symbol. Only before a type and a
name, so ``static BOOL is_ok;`` keeps its type."""


MS_CALLING_CONVENTION = re.compile(rb"\b_?_(?:stdcall|cdecl|fastcall|thiscall|vectorcall|clrcall)\b")
"""Microsoft's calling-convention keywords (``extern "C" __declspec(dllimport) int __stdcall
IsDebuggerPresent();``): the C++ grammar takes one only in a function's definition, so a
declaration holding one was read as a definition whose body was the rest of the file (spdlog's
``msvc_sink.h``: ``namespace spdlog`` and the class's methods lost, ``msvc_sink`` named under
``IsDebuggerPresent``). They name nothing, and are blanked."""


def _blank_calling_macros(match: re.Match[bytes]) -> bytes:
    """A match of :data:`CALLING_MACRO` with its macros made blanks of the same length."""
    group = "macros" if match.group("macros") is not None else "pointer"
    start, end = (at - match.start() for at in match.span(group))
    text = match.group()
    return text[:start] + b" " * (end - start) + text[end:]


TRAILING_MACRO = re.compile(
    rb"\)(?:[ \t]*(?:const|override|final|noexcept|volatile|&&?)\b)*"
    rb"(?P<macros>(?:(?:[ \t]*\r?\n)?[ \t]+[A-Z_][A-Z0-9_]{2,}(?:\((?:[^()\n]|\([^()\n]*\))*\))?)+)"
    rb"(?=[ \t]*(?:[{;:=]|override\b|final\b|//|\r?$))",
    re.MULTILINE,
)
"""Upper-case macros after a function's parameter list (clang's thread-safety annotations:
``void Lock() EXCLUSIVE_LOCK_FUNCTION() {``, ``void Wait() EXCLUSIVE_LOCKS_REQUIRED(mu_);``): the
grammar read the macro as the function's declarator and named the method after it (leveldb's
``Mutex::Lock`` was ``Mutex.EXCLUSIVE_LOCK_FUNCTION``), or, on the next line, lost the class's
declarations after it; :func:`_blank_trailing_macros` keeps those closing a declaration's
parameters."""

FIELD_MACRO = re.compile(
    rb"^[ \t]*[A-Za-z_][\w:<>,*& \t]*[\w>*&][ \t]+\**[A-Za-z_]\w*(?:\[[^\]\n]*\])*"
    rb"(?P<macros>(?:[ \t]+[A-Z_][A-Z0-9_]{2,}\((?:[^()\n]|\([^()\n]*\))*\))+)(?=[ \t]*[;={])",
    re.MULTILINE,
)
"""Upper-case macros after a field's name (``std::deque<Writer*> writers_ GUARDED_BY(mutex_);``),
which the grammar read as a function's declarator, the field's type lost."""

_DECLARATION_HEAD = re.compile(rb"(?:[\w:<>,*&~ \t]|\[\[[^\]\n]*\]\])*+")
"""The characters of what comes before a declarator's ``(`` on its line: types, qualifiers and the
name (:func:`_declaration_head`)."""
_WORD_BYTES = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_"


def _declaration_head(head: bytes) -> bool:
    """Whether a line's text before a ``(`` is a declaration's head: :data:`_DECLARATION_HEAD`'s
    characters, ending in a name (a word not all digits, or ``~`` and a word). Told without
    backtracking: one regex that also matched the name had tried every split of a long word,
    and a 20 KB line took 19 s."""
    if _DECLARATION_HEAD.fullmatch(head) is None:
        return False
    name = head.rstrip(b" \t")
    word = name.rstrip(_WORD_BYTES)
    return name[len(word):].strip(b"0123456789") != b"" or word.endswith(b"~")

_NOT_DECLARATIONS = frozenset({b"return", b"else", b"case", b"throw", b"new", b"delete", b"if", b"while", b"for",
                               b"switch", b"do", b"sizeof", b"co_return", b"co_await", b"co_yield", b"goto",
                               b"catch"})
"""Words before a ``(`` that make it no declaration's: ``if (x) LOG(y);`` keeps its call."""


def _blank_trailing_macros(source: bytes) -> bytes:
    """C++ source with the macros :data:`TRAILING_MACRO` finds after a declaration's parameter list
    made blanks of the same length; those after a call or a condition (``if (x) LOG(y);``) stay."""
    def blank(match: re.Match[bytes]) -> bytes:
        opened = _opening(source, match.start())
        line_start = source.rfind(b"\n", 0, opened) + 1
        head = source[line_start:opened]
        if (opened < 0 or head.lstrip().startswith(b"#") or not _declaration_head(head)
                or _NOT_DECLARATIONS & set(re.findall(rb"\w+", head))):
            return match.group()
        return _blank_lines_kept(match)
    return TRAILING_MACRO.sub(blank, source)


def _blank_lines_kept(match: re.Match[bytes]) -> bytes:
    """A match with its macros made blanks, its line ends kept."""
    start, end = (at - match.start() for at in match.span("macros"))
    text = match.group()
    return text[:start] + text[start:end].translate(_BLANKS) + text[end:]


def _opening(source: bytes, close: int) -> int:
    """Return where the ``(`` that the ``)`` at ``close`` closes is (-1 past 2,000 bytes back)."""
    depth = 0
    for at in range(close, max(-1, close - 2000), -1):
        byte = source[at]
        if byte == 0x29:  # ")"
            depth += 1
        elif byte == 0x28:  # "("
            depth -= 1
            if depth == 0:
                return at
    return -1


WRAPPING_MACRO = re.compile(rb"^[ \t]*[A-Z_][A-Z0-9_]{2,}\(", re.MULTILINE)
"""A C line starting with an upper-case macro's parenthesis: a macro that wraps a whole declaration
(``UV_UNUSED(static void update_time(loop_t* loop)) {``, an attribute added to it) where its
argument is a declaration (:func:`_unwrapped_declarations`)."""

_DECLARATION_HEAD_WORDS = re.compile(rb"[\w \t*]*[ \t*][A-Za-z_]\w*[ \t]*")
"""What stands before a wrapped declaration's parameters: a type, then its name."""


def _unwrapped_declarations(source: bytes) -> bytes:
    """The text with each macro that wraps a function's declaration (:data:`WRAPPING_MACRO`) parsed
    as blanks, its name and parentheses: the grammar had read the macro as the function (a
    definition named ``UV_UNUSED``) and each of its calls as external. Its argument must be one
    declaration: a type and a name, then one parameter list, the line ending after the macro's
    closing parenthesis or going on with ``{`` or ``;``. Each line is read once."""
    out = bytearray(source)
    for match in WRAPPING_MACRO.finditer(source):
        line_end = source.find(b"\n", match.end())
        line_end = len(source) if line_end < 0 else line_end
        open_at = source.find(b"(", match.end(), line_end)
        close_at = source.find(b")", open_at + 1, line_end) if open_at >= 0 else -1
        if open_at < 0 or close_at < 0 or source[close_at + 1 : close_at + 2] != b")":
            continue
        if b"(" in source[open_at + 1 : close_at] or not _DECLARATION_HEAD_WORDS.fullmatch(source, match.end(), open_at):
            continue
        rest = source[close_at + 2 : line_end].strip()
        if rest[:1] not in (b"", b"{", b";"):
            continue
        out[match.start() : match.end()] = source[match.start() : match.end()].translate(_BLANKS)
        out[close_at + 1] = 0x20
    return bytes(out)


ITEM_MACRO = re.compile(rb"^[ \t]*[A-Za-z_][A-Za-z0-9_]*![ \t]*\{", re.MULTILINE)
"""A Rust line opening a macro invocation with a brace (``cfg_rt! {``): tokio wraps most of its
items in such ``cfg_*!`` macros, whose bodies the grammar reads as bare tokens."""

_ITEM_START = re.compile(
    rb"\s*(?://[^\n]*\n\s*|/\*.{0,4000}?\*/\s*)*"
    rb"(?:#!?\[|pub\b|fn\b|struct\b|enum\b|union\b|impl\b|trait\b|mod\b|type\b|const\b|static\b|use\b"
    rb"|unsafe\b|async\b|extern\b|macro_rules!|[A-Za-z_][A-Za-z0-9_]*![ \t]*\{)",
    re.DOTALL,
)
"""What a macro's braced body starts with when it holds items (after comments and doc comments),
another such macro among them. A block comment is skipped up to 4,000 bytes: one left open
must not make every macro of a file read to its end."""

ITEM_HOLDERS = frozenset({"mod_item", "declaration_list", "impl_item", "trait_item"})
"""Where item macros are looked for: a module's items, an ``impl``'s or a trait's (mio's
``cfg_any_os_ext! { pub fn reregister(...) }`` inside ``impl Selector``)."""

RUST_MACRO_DEPTH = 4
"""Macros nested in macros unwrapped at most (tokio's ``cfg_rt! { cfg_net! { ... } }``)."""


def _unwrapped_item_macros(parser: Parser, source: bytes, tree: Tree) -> Tree:
    """Rust items inside an item-level macro invocation (``cfg_rt! { pub struct LocalSet {...} }``)
    parsed as items: the macro's name, ``!`` and braces are parsed as blanks of the same length, so
    every byte offset and line of the tree is the text's; nested ones too, to :data:`RUST_MACRO_DEPTH`.
    A macro whose body is not items (``lazy_static! { static ref ... }`` parses the same either way)
    is left as it is."""
    for _ in range(RUST_MACRO_DEPTH):
        spans: list[tuple[int, int]] = []
        stack = [tree.root_node]
        while stack:
            node = stack.pop()
            for child in node.children:
                if child.type in ITEM_HOLDERS:
                    stack.append(child)
                elif child.type == "expression_statement" and node.type in ("source_file", "declaration_list") \
                        and child.named_child_count == 1 and child.named_children[0].type == "macro_invocation" \
                        and _macro_name(child.named_children[0]) == b"cfg_if":
                    spans.extend(cfg_if_spans(child.named_children[0]))  # ``cfg_if!( ... );``
                elif child.type == "macro_invocation" and node.type in ("source_file", "declaration_list"):
                    name = _macro_name(child)
                    if name == b"bitflags":
                        continue  # its types are no Rust items: the rules read them from the text
                    if name == b"cfg_if":
                        spans.extend(cfg_if_spans(child))
                        continue
                    body = child.children[-1] if child.children else None
                    if (body is not None and body.type == "token_tree" and source[body.start_byte:body.start_byte + 1] == b"{"
                            and _ITEM_START.match(source, body.start_byte + 1) is not None):
                        spans.append((child.start_byte, body.start_byte + 1))
                        spans.append((body.end_byte - 1, body.end_byte))
        if not spans:
            return tree
        blanked = bytearray(source)
        for start, end in spans:
            blanked[start:end] = source[start:end].translate(_BLANKS)  # newlines kept: every line stays
        source = bytes(blanked)
        tree = parser.parse(source)
    return tree


def _macro_name(node: Node) -> bytes:
    """Return the last segment of a macro invocation's name (``bitflags::bitflags!`` -> ``bitflags``)."""
    macro = node.child_by_field_name("macro")
    if macro is not None and macro.type == "scoped_identifier":
        macro = macro.child_by_field_name("name")
    return (macro.text or b"") if macro is not None else b""


def _blank_macros(match: re.Match[bytes]) -> bytes:
    """A match of :data:`EXPORT_MACRO` or :data:`KEYWORD_MACRO` with its macros made blanks of the
    same length."""
    start, end = match.span("macros")
    text = match.group()
    at = start - match.start()
    return text[:at] + b" " * (end - start) + text[at + end - start :]


GENERIC_SIGNATURE = re.compile(rb"^[ \t]*[ \t]<[A-Za-z_$][\w$]*(?=[ \t]+extends\b|[ \t]*[=,>])[^\n]*>[ \t]*\(", re.MULTILINE)
"""A TypeScript line that starts, indented, with a generic call signature (``<T>(x: T): T``, ``<S,
A extends any[]>(``) in an interface or object type, as immer's ``IProduce`` lists its overloads."""

_TYPE_END = re.compile(rb"(?:[\w$\])>]|[\w$]\?)[ \t]*(?://[^\n]*)?\r?$")
"""How a member ending in a type ends (``): Curried``, ``: T[]``, ``Promise<T>``), a line comment after it."""

_NOT_TYPE_END = re.compile(rb"(?:=>|\b(?:extends|keyof|typeof|infer|new|readonly|return|as|is|in|unique|asserts|"
                           rb"await|yield))[ \t]*(?://[^\n]*)?\r?$")
"""Line ends that a generic function's ``<T>(`` on the next line goes on from (``=>``, ``extends``)."""


def _separated_signatures(source: bytes) -> bytes:
    """Write a ``;`` for the last blank before each generic call signature whose member before it
    ends in a type on an earlier line (``): Curried`` then ``<Recipe extends AnyFunc>(``): the
    grammar read ``Curried<Recipe`` as one generic type, lost the interface and every definition
    after it (immer's ``types-external.ts``: four), where TypeScript starts no type arguments
    after a line break. Same length: every offset and line stays the text's."""
    out: bytearray | None = None
    for match in GENERIC_SIGNATURE.finditer(source):
        before = _previous_code_line(source, match.start())
        if before is None or _TYPE_END.search(before) is None or _NOT_TYPE_END.search(before) is not None:
            continue
        out = out if out is not None else bytearray(source)
        out[source.index(b"<", match.start()) - 1] = 0x3B  # ";"
    return bytes(out) if out is not None else source


def _previous_code_line(source: bytes | bytearray, start: int, floor: int = 0) -> bytes | None:
    """Return the nearest line before ``start`` (a line's start) that holds code, past blank lines
    and comment lines (``/** Curried producer */``); ``None`` at the text's start, or at ``floor``."""
    end = start - 1
    while end > floor:
        begin = source.rfind(b"\n", floor, end) + 1
        if begin == 0 and floor > 0:  # a line cut at the floor
            return None
        line = source[begin:end].strip()
        if line and not line.startswith((b"//", b"/*", b"*")) and not line.endswith(b"*/"):
            return bytes(line)
        end = begin - 1
    return None


CALL_LINE = re.compile(
    rb"^[ \t]*[A-Z_][A-Z0-9_]{2,}[ \t]*\((?:[^()\r\n]|\((?:[^()\r\n]|\([^()\r\n]*\))*\))*\)[ \t]*(?://[^\r\n]*)?(?=\r?$)",
    re.MULTILINE,
)
"""A C++ line that is one upper-case macro call and nothing else, no ``;`` after it (CLI11's
``CLI11_ERROR_DEF(Error, ConstructionError)`` in a class's body, Qt's ``Q_PROPERTY(...)``)."""

_LOOK_BACK = 4096
"""Bytes looked back for the code line before a macro call: past as many blanks, a statement starts."""

_NON_SPACE = re.compile(rb"\S")
_BEFORE_A_STATEMENT = (b"{", b"}", b";", b":")
"""How the code line before a line that starts a declaration or a statement ends (``public:`` too)."""


def _blank_call_lines(source: bytes) -> bytes:
    """C++ source with the macro calls :data:`CALL_LINE` finds made blanks of the same length, where
    they stand between two declarations or statements: a declaration or statement ends before
    (``{``, ``}``, ``;``, ``public:``, a directive, the file's start) and none goes on after (the next
    code line starts with a name, ``}``, ``~``, ``[[`` or ``#``, not ``{`` as gtest's ``TEST(A, b)``
    then its body on the next line does, nor an operator). The grammar, which sees no preprocessor,
    read such a call as a declaration missing its ``;`` and lost the class around it: CLI11's
    ``ConstructionError`` and ``ParseError`` were no symbols and "subclasses of Error" found one of
    its 24 (``namespace CLI`` of ``Error.hpp`` lost too)."""
    out: bytearray | None = None
    blanked = -1  # where the blanks after the last call blanked end: a call from there is in its run
    for match in CALL_LINE.finditer(source):
        after_blanked = match.start() <= blanked  # a run of calls
        floor = max(0, match.start() - _LOOK_BACK)
        before = None if after_blanked else _previous_code_line(out if out is not None else source, match.start(), floor)
        if before is not None and not before.endswith(_BEFORE_A_STATEMENT) and not before.startswith(b"#"):
            continue
        after = _next_code_line(source, match.end())
        if after is not None and not (after[:1].isalnum() or after.startswith((b"_", b"}", b"~", b"[[", b"#"))):
            continue
        out = out if out is not None else bytearray(source)
        out[match.start():match.end()] = match.group().translate(_BLANKS)
        code = _NON_SPACE.search(source, match.end())  # found once: the text since, sliced for each later
        blanked = code.start() if code is not None else len(source)  # call, had taken 7 s on a crafted 1 MB file
    return bytes(out) if out is not None else source


def _next_code_line(source: bytes, end: int) -> bytes | None:
    """Return the nearest line after ``end`` (a line's end) that holds code, past blank lines and
    comment lines, stripped; ``None`` at the text's end."""
    while end < len(source):
        start = end + 1
        end = source.find(b"\n", start)
        end = len(source) if end < 0 else end
        line = source[start:end].strip()
        if line and not line.startswith((b"//", b"/*", b"*")):
            return line
    return None


def parse(language: str, source: bytes, templates: list[tuple[int, int]] | None = None) -> Tree:
    """Parse source bytes with a parser private to the calling thread. In C and C++, a line that
    is a bare macro (:data:`BARE_MACRO`), an indented one before a block's brace (:data:`BLOCK_MACRO`) or a parameterized test's values (:data:`TEST_ANNOTATION`),
    the export macros of a class's head (:data:`EXPORT_MACRO`), the macros before a keyword
    (:data:`KEYWORD_MACRO`), a calling convention's before a function's name (:data:`CALLING_MACRO`),
    a storage class's macros (:data:`STORAGE_MACRO`), one before a return type
    (:data:`LEADING_MACRO`, in C++ :data:`DECLARATION_MACRO` too), Microsoft's calling conventions in
    C++ (:data:`MS_CALLING_CONVENTION`), a C++ macro call alone on its line
    (:func:`_blank_call_lines`) or those after a C++ function's parameters (:data:`TRAILING_MACRO`) and
    the later branches of a conditional that leaves brackets unbalanced (:func:`_first_branches`) and
    a block comment before a macro's continuation backslash (:data:`COMMENTED_CONTINUATION`) are
    parsed as blanks of the same length, so every byte offset and line of the tree is the text's; in
    Rust, so are the name and braces of a macro that wraps items (:func:`_unwrapped_item_macros`) and
    the name and ``!`` of a standard macro of expressions (``assert_eq!``: :mod:`.rust_macros`); in
    TypeScript, a ``;`` ends a member before a generic call signature (:func:`_separated_signatures`).
    A Rust ``macro_rules!``'s transcribers are read as code where it stands; ``templates`` is given
    their lines (:func:`.rust_macros.unwrapped_macro_rules`)."""
    parsers: dict[str, Parser] = _local.__dict__.setdefault("parsers", {})
    parser = parsers.get(language)
    if parser is None:
        parser = parsers[language] = Parser(grammar(language))
    if language in ("c", "cpp") and b"*/" in source and COMMENTED_CONTINUATION.search(source) is not None:
        source = COMMENTED_CONTINUATION.sub(lambda m: b" " * len(m.group()), source)
    if language in ("c", "cpp") and (b"#el" in source or (b"#" in source and opens_in_list(source))):
        source = _first_branches(source)
    if language in ("c", "cpp") and WRAPPING_MACRO.search(source) is not None:
        source = _unwrapped_declarations(source)
    if language in ("c", "cpp") and BARE_MACRO.search(source) is not None:
        source = BARE_MACRO.sub(lambda m: b" " * len(m.group()), source)
    if language in ("c", "cpp") and BLOCK_MACRO.search(source) is not None:
        source = BLOCK_MACRO.sub(lambda m: b" " * len(m.group()), source)
    if language in ("c", "cpp") and b"TEST_" in source and TEST_ANNOTATION.search(source) is not None:
        source = TEST_ANNOTATION.sub(lambda m: b" " * len(m.group()), source)
    if language in ("c", "cpp") and EXPORT_MACRO.search(source) is not None:
        source = EXPORT_MACRO.sub(_blank_macros, source)
    if language in ("c", "cpp") and KEYWORD_MACRO.search(source) is not None:
        source = KEYWORD_MACRO.sub(_blank_macros, source)
    if language in ("c", "cpp") and CALLING_MACRO.search(source) is not None:
        source = CALLING_MACRO.sub(_blank_calling_macros, source)
    if language in ("c", "cpp") and STORAGE_MACRO.search(source) is not None:
        source = STORAGE_MACRO.sub(_blank_macros, source)
    if language in ("c", "cpp") and LEADING_MACRO.search(source) is not None:
        source = LEADING_MACRO.sub(_blank_macros, source)
    if language == "cpp" and b"call" in source and MS_CALLING_CONVENTION.search(source) is not None:
        source = MS_CALLING_CONVENTION.sub(lambda m: b" " * len(m.group()), source)
    if language == "cpp" and DECLARATION_MACRO.search(source) is not None:
        source = DECLARATION_MACRO.sub(_blank_macros, source)
    if language == "cpp" and CALL_LINE.search(source) is not None:
        source = _blank_call_lines(source)
    if language == "cpp" and TRAILING_MACRO.search(source) is not None:
        source = _blank_trailing_macros(source)
    if language == "cpp" and FIELD_MACRO.search(source) is not None:
        source = FIELD_MACRO.sub(_blank_macros, source)
    if language in ("typescript", "tsx") and b"<" in source and GENERIC_SIGNATURE.search(source) is not None:
        source = _separated_signatures(source)
    tree = parser.parse(source)
    if language == "ruby" and b"<<" in source and tree.root_node.has_error:
        return ruby_heredocs.reparsed(parser, source, tree)  # a heredoc opened inside another's #{...}
    if language == "rust" and MACRO_RULES.search(source) is not None:
        source, tree = unwrapped_macro_rules(parser, source, tree, templates)
    if language == "rust" and MACRO_CALL.search(source) is not None:
        source, tree = unwrapped_expression_macros(parser, source, tree)
    if language == "rust" and ITEM_MACRO.search(source) is not None:
        return _unwrapped_item_macros(parser, source, tree)
    return tree
