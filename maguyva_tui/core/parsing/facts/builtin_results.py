"""What a language's own functions give: no class of the repository.

A variable bound in several places must agree on its type to have one (``bindings._merge``); a
binding to a builtin's result (PHP's ``json_decode()``, ``explode()``; Python's ``sorted()``,
``dict()``; JavaScript's ``JSON.parse()``) says nothing of the classes a call on the variable may
reach, and had vetoed the one typed binding beside it. league/csv's ``CastToArray``: ``$data`` from
``json_decode``, from ``Reader::fromString`` and from ``explode``, and ``$data->setEnclosure()``
had been tied to nothing.
"""

from __future__ import annotations

import builtins

PYTHON: frozenset[str] = frozenset(name for name in dir(builtins) if name[:1].islower())
"""Python's builtin functions and types (``len``, ``sorted``, ``dict``): not its exceptions."""

PHP: frozenset[str] = frozenset({
    "explode", "implode", "join", "count", "sizeof", "range", "compact", "func_get_args", "sprintf",
    "vsprintf", "trim", "ltrim", "rtrim", "substr", "strtolower", "strtoupper", "ucfirst", "lcfirst",
    "strlen", "strpos", "strrev", "strtr", "nl2br", "wordwrap", "intval", "floatval", "boolval",
    "strval", "settype", "gettype", "get_class", "get_object_vars", "fopen", "fgets", "fgetcsv",
    "fread", "file", "unserialize", "serialize", "var_export", "print_r", "hex2bin", "bin2hex",
    "base64_decode", "base64_encode", "pack", "unpack", "random_bytes", "random_int", "md5", "sha1",
    "hash", "crc32", "uniqid", "microtime", "time", "date", "mktime", "strtotime", "sort", "usort",
    "ksort", "min", "max", "abs", "floor", "ceil", "round", "http_build_query", "parse_url",
    "parse_str", "urlencode", "rawurlencode", "htmlspecialchars", "dirname", "basename", "pathinfo",
    "realpath", "glob", "scandir", "tempnam", "sys_get_temp_dir", "getenv", "ini_get", "current",
    "reset", "end", "key", "next", "each", "iterator_to_array", "iterator_count", "call_user_func",
    "call_user_func_array", "filter_var", "spl_object_hash", "spl_object_id",
})
"""PHP's global functions a value is most often bound from; ``PHP_PREFIXES`` name the families."""

PHP_PREFIXES: tuple[str, ...] = ("array_", "str_", "preg_", "mb_", "json_", "stream_", "file_", "ctype_",
                                 "is_", "iconv", "gz", "openssl_", "sodium_", "hash_", "ob_")
"""PHP's families of global functions (``array_map``, ``str_split``, ``preg_split``...)."""

JAVASCRIPT: frozenset[str] = frozenset({
    "JSON.parse", "JSON.stringify", "Object.keys", "Object.values", "Object.entries", "Object.assign",
    "Object.create", "Object.freeze", "Object.fromEntries", "Object.getPrototypeOf", "Array.from",
    "Array.of", "Array.isArray", "Array", "String", "Number", "Boolean", "Symbol", "BigInt",
    "parseInt", "parseFloat", "isNaN", "isFinite", "encodeURIComponent", "decodeURIComponent",
    "encodeURI", "decodeURI", "structuredClone", "Date.now", "Promise.all", "Promise.allSettled",
    "Promise.race", "Promise.resolve", "Promise.reject", "Reflect.get", "Reflect.ownKeys",
})
"""JavaScript's globals a value is most often bound from; ``Math``'s are all numbers."""


RUBY: frozenset[str] = frozenset({
    "Array", "String", "Integer", "Float", "Hash", "Rational", "Complex", "format", "sprintf", "rand",
    "gets", "readlines", "open", "sleep",
})
"""Ruby's ``Kernel`` functions a value is most often bound from (``x = Array(v)``: an array)."""

JS_LANGUAGES: frozenset[str] = frozenset({"javascript", "typescript", "tsx"})
"""The languages whose globals are ``JAVASCRIPT``'s."""


def is_builtin_result(typed: str, language: str, defined: frozenset[str] = frozenset()) -> bool:
    """Tell whether a binding's type is what a builtin gives (``json_decode()``, ``sorted()``,
    ``JSON.parse()``): a call, written with ``()``, of the file's language's own function that the
    file does not shadow. ``defined``: the names the file defines at its top level or imports, which
    hide a builtin of the same name there (a JavaScript ``class Symbol``, a Python ``def sorted``,
    ``import { Map } from "immutable"``). Another language's builtin is a name like any other:
    pypika's ``Array(...)`` and ``Tuple(...)`` returns had been read as JavaScript's ``Array()``."""
    if not typed.endswith("()"):
        return False
    called = typed[:-2]
    if called.partition(".")[0] in defined:
        return False
    if language == "python":
        return called in PYTHON
    if language == "php":
        return called in PHP or "." not in called and called.startswith(PHP_PREFIXES)
    if language in JS_LANGUAGES:
        return called in JAVASCRIPT or called.startswith("Math.")
    if language == "ruby":
        return called in RUBY
    return False
