"""Names every file of a language can use without importing them: counted as external, not unresolved."""

from __future__ import annotations

import builtins

from maguyva_tui.core.parsing.facts.marks import RUBY_KERNEL

PYTHON: frozenset[str] = frozenset(dir(builtins)) | {"__file__", "__name__", "self", "cls"}

JS: frozenset[str] = frozenset(
    "require module exports console Math JSON Object Array String Number Boolean Promise Date RegExp "
    "Error TypeError RangeError SyntaxError Map Set WeakMap WeakSet Symbol BigInt Proxy Reflect "
    "parseInt parseFloat isNaN isFinite setTimeout clearTimeout setInterval clearInterval "
    "setImmediate queueMicrotask structuredClone fetch encodeURIComponent decodeURIComponent "
    "encodeURI decodeURI globalThis window document process Buffer URL URLSearchParams "
    "TextEncoder TextDecoder Uint8Array Int32Array Float64Array ArrayBuffer DataView "
    "describe it test expect beforeEach afterEach beforeAll afterAll jest Function eval alert "
    "super import Intl AbortController Event EventTarget Headers Request Response "
    # TypeScript's global types (lib.es*.d.ts, lib.dom.d.ts)
    "Record Partial Required Readonly Pick Omit Exclude Extract NonNullable ReturnType Parameters "
    "InstanceType ConstructorParameters Awaited ThisType ReadonlyArray ReadonlyMap ReadonlySet PromiseLike ArrayLike Iterable "
    "IterableIterator Iterator AsyncIterable AsyncIterator AsyncIterableIterator Generator "
    "AsyncGenerator PropertyKey BooleanConstructor NumberConstructor StringConstructor "
    "ObjectConstructor ArrayConstructor PromiseConstructor ErrorConstructor XMLHttpRequest "
    "XMLHttpRequestResponseType HTMLElement Element Node Window Document ProgressEvent MessageEvent "
    "CloseEvent WebSocket Blob File FormData ReadableStream".split()
)

GO: frozenset[str] = frozenset(
    "append cap clear close complex copy delete imag len make max min new panic print println real "
    "recover bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune "
    "string uint uint8 uint16 uint32 uint64 uintptr any comparable".split()
)

RUST: frozenset[str] = frozenset(
    "Some None Ok Err Box Vec String Option Result Default Clone Copy Debug Display Drop Fn FnMut "
    "FnOnce From Into Iterator IntoIterator PartialEq Eq PartialOrd Ord Hash Send Sync Sized ToString "
    "ToOwned AsRef AsMut std core alloc i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 "
    "bool char str HashMap HashSet BTreeMap Rc Arc RefCell Cell Mutex drop".split()
)

JAVA: frozenset[str] = frozenset(
    "String Object Integer Long Short Byte Double Float Boolean Character Math System Thread "
    "Runnable Exception RuntimeException Error Throwable IllegalArgumentException "
    "IllegalStateException NullPointerException UnsupportedOperationException IndexOutOfBoundsException "
    "StringBuilder StringBuffer Class Iterable Comparable CharSequence Number Void Enum Record "
    "Override Deprecated SuppressWarnings FunctionalInterface ClassLoader Process Runtime "
    "InterruptedException CloneNotSupportedException AutoCloseable Cloneable "
    # the rest of java.lang, imported implicitly by every file
    "Appendable ArithmeticException ArrayIndexOutOfBoundsException ArrayStoreException AssertionError "
    "ClassCastException ClassFormatError ClassNotFoundException EnumConstantNotPresentException "
    "ExceptionInInitializerError IllegalAccessError IllegalAccessException IllegalMonitorStateException "
    "IllegalThreadStateException IncompatibleClassChangeError InheritableThreadLocal InstantiationError "
    "InstantiationException InternalError LinkageError NegativeArraySizeException NoClassDefFoundError "
    "NoSuchFieldError NoSuchFieldException NoSuchMethodError NoSuchMethodException NumberFormatException "
    "OutOfMemoryError Package ProcessBuilder Readable ReflectiveOperationException SafeVarargs "
    "SecurityException SecurityManager StackOverflowError StackTraceElement StrictMath "
    "StringIndexOutOfBoundsException ThreadDeath ThreadGroup ThreadLocal TypeNotPresentException "
    "UnknownError UnsatisfiedLinkError UnsupportedClassVersionError VerifyError VirtualMachineError "
    "Module ModuleLayer StackWalker "
    # primitive types: a field or local declared with one has no members the repository defines
    "boolean byte char short int long float double void".split()
)

C: frozenset[str] = frozenset(
    "sizeof printf fprintf sprintf snprintf malloc calloc realloc free memcpy memmove memset memcmp "
    "strlen strcmp strncmp strcpy strncpy strcat strchr strrchr strstr strdup assert abort exit "
    "fopen fclose fread fwrite fgets fputs puts getchar putchar abs labs qsort bsearch atoi atol "
    "strtol strtoul strtod isdigit isalpha isspace isalnum toupper tolower va_start va_end va_arg "
    "offsetof static_cast dynamic_cast reinterpret_cast const_cast std size_t int8_t int16_t "
    "int32_t int64_t uint8_t uint16_t uint32_t uint64_t FILE NULL errno".split()
)

RUBY: frozenset[str] = RUBY_KERNEL | frozenset(
    "Object BasicObject Module Class Kernel Comparable Enumerable Enumerator Hash Array String Symbol "
    "Integer Float Numeric Rational Complex Range Regexp MatchData Proc Method UnboundMethod Struct Time "
    "Random IO File Dir Set Data ObjectSpace GC Process Signal Thread Mutex Queue Fiber Marshal Math "
    "Encoding ENV ARGV STDIN STDOUT STDERR NilClass TrueClass FalseClass Binding TracePoint "
    "Exception StandardError RuntimeError ArgumentError TypeError NameError NoMethodError KeyError "
    "IndexError RangeError StopIteration NotImplementedError ZeroDivisionError FrozenError IOError "
    "EOFError LoadError ScriptError SyntaxError SecurityError SystemExit Interrupt SignalException "
    "LocalJumpError FiberError ThreadError RegexpError FloatDomainError EncodingError Errno "
    "RUBY_VERSION RUBY_PLATFORM RUBY_ENGINE __method__ __dir__ "
    # RSpec's language, which every spec file calls without receiver (its matchers are many more)
    "describe context it specify example let let! subject before after around expect allow "
    "is_expected described_class shared_examples shared_examples_for shared_context include_context "
    "include_examples it_behaves_like it_should_behave_like xit xdescribe fit fdescribe".split()
)
"""Ruby's Kernel and Module methods, its core classes and constants, and RSpec's language: a
call or constant no definition of the repository gives is one of these, from outside it (hashie's
``::Hash``, ``raise``, ``describe`` and ``it`` had counted as unresolved)."""

BUILTINS: dict[str, frozenset[str]] = {
    "python": PYTHON,
    "js": JS,
    "go": GO,
    "rust": RUST,
    "java": JAVA,
    "c": C,
    "ruby": RUBY,
}
"""Built-in names per language family."""
