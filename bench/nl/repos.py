"""The repositories: semble's, each as pinned packages laid out as upstream, and the docstring ones.

semble's benchmark (``bench/data/semble``, see its NOTICE) names each repository, its language, the
revision it was labelled at and its ``benchmark_root``, the folder semble indexes (the whole
repository when there is none). GitHub is out of reach here, so each repository comes from the
registry package closest to that revision that ships its sources (:mod:`bench.nl.sources`);
:data:`LAYOUTS` says where the package puts the repository's files. The labels are paths from the
repository's root, so a label is found in our copy through the same layout.

fastapi and pydantic are held out of all of this (:data:`HELD_OUT`): never downloaded, indexed or
asked, whatever the command line says. The Java repositories semble added later form a third
group, :data:`GROUP_C`, dealt to neither half: nothing was chosen on them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from bench.nl.sources import Layout, Package, stem

DATA = Path(__file__).resolve().parent.parent / "data" / "semble"
HELD_OUT = frozenset({"fastapi", "pydantic"})
"""semble's repositories kept for a held-out check: never touched by this benchmark."""
GROUP_C = frozenset({"commons-lang", "jackson-databind"})
"""semble's Java repositories, added to this benchmark after halves A and B were fixed and every
constant chosen: their own group C (``--half C``), a fresh read on code nobody tuned on."""


def _pypi(name: str, version: str, sha256: str) -> Package:
    return Package("pypi", name, version, sha256)


def _npm(name: str, version: str, sha256: str) -> Package:
    return Package("npm", name, version, sha256)


def _deb(name: str, version: str, sha256: str) -> Package:
    return Package("debian", name, version, sha256)


def _debsrc(name: str, version: str, sha256: str) -> Package:
    return Package("debian-source", name, version, sha256)


def _at(package: Package, folder: str, prefix: str = "") -> Layout:
    """A repository whose ``prefix`` is the package's ``folder``."""
    return Layout((package,), ((prefix, f"{stem(package)}/{folder}"),))


GOCODE = "usr/share/gocode/src/github.com/"
CARGO = "usr/share/cargo/registry/"
GEMS = "usr/share/rubygems-integration/all/gems/"
SERDE = _deb("librust-serde-dev", "1.0.152-2", "c3ff1f1db5056118a102a6b06043cea152bf0b63e96fd71a16e9c827959fcc78")
SERDE_DERIVE = _deb("librust-serde-derive-dev", "1.0.152-1",
                    "dda7dcb30637fe3ea234343677795567608119bdaa53ca70d5ad263d414fcbea")

ILLUMINATE = tuple(_deb("php-" + name, "8.83.26+dfsg-2", sha256) for name, sha256 in (
    ("illuminate-auth", "13af3f57b53471bfc1633088dc5a5c83e3fc8791f00df25c8bb1e246c8b5639a"),
    ("illuminate-broadcasting", "2ddf11ceff7bf1131d3688569e1917a005a217a631563498ab2a9204cb6839ef"),
    ("illuminate-bus", "82d5ae65f3fcafa4019d221bb68e7d7057953079421dffb3c7e28fa0fb7a09b3"),
    ("illuminate-cache", "57896735506f66f195d53d3920d7e1d348bd3a3a8cd3f4aacde613c154a79899"),
    ("illuminate-collections", "c5c066e9f31c11548823d0572e566bccb219cb8d7e8b1e8fba2d150324f36fd2"),
    ("illuminate-config", "c73eede061f380d0f31aa669106901b3415a5ea66be999d49ed251444860f055"),
    ("illuminate-console", "b2c10431f2e6588f83d7377ab33cbd5a1296b43f3476c0face32021f29aaa3b8"),
    ("illuminate-container", "b1c2c2510f43fb4166ef0357fe1753c63a7f56b48153abf44277e0808a4c8f98"),
    ("illuminate-contracts", "76e7ca5e7cae90ee1603c92f857eed3fb39629b1124c9514ebc50ac002307a6e"),
    ("illuminate-cookie", "2dfeb623c36dadfa8b55871d822c07e85287a525e73f5907eda9d8d5f7beb7a9"),
    ("illuminate-database", "e7f5fe25fac9a755b436b640dedcfc84bfa3adbd4b6feed9fa19a1871fd411d0"),
    ("illuminate-encryption", "a44f5405846fa2ff4406c9db0114d7c9d3744f684b63cef1f72d9d837d0b196c"),
    ("illuminate-events", "dc8dc12e56c4ae5b028e8ad2ba282ec18409ba7223c763edb52b99a069046f72"),
    ("illuminate-filesystem", "c9fa18bda6a5723b52c634fe3bdec1aa34459d9e653ae3bce76d0770affb18dd"),
    ("illuminate-hashing", "f143ee54df7b410aea97013d128c905601958bf7c1d9398cba45be875e568c59"),
    ("illuminate-http", "a617a30d60cecf589aedfbefa7d471410e36960f4a9de5c5f06e1a3d74f58f61"),
    ("illuminate-log", "7dc1f1c896dbe40eec1acfef88d28a5f1406fcc4e542c5a9616fc73f4e87295e"),
    ("illuminate-macroable", "0b0da2515fcd0ec2555c7d129f7be499849c0c095cafd8da96720d4c692d670d"),
    ("illuminate-mail", "900eaee42f153c2c4ff5397b1f1651f48cbebc557d7e1c3f6b4f54361001211a"),
    ("illuminate-notifications", "e1165e301d03c3085ab21cc7d7ef1d0b2b6c0d2dacc2572866878931db22f55e"),
    ("illuminate-pagination", "a43dc8ff41fc8ef4924d62a4197ab2bba6fd3c6537125a4a442a9af759263846"),
    ("illuminate-pipeline", "a6c099517d9f913d8f8c7059348c5637fa0b3b044e6ccddd0bbad9a2159e597c"),
    ("illuminate-queue", "a77a8c83edd650aea4c16497df51a089bd2802c9eb182fb1892c0547e05f5e83"),
    ("illuminate-redis", "b503681b2ef41677ea134f1e9a4106fb61c6d1ecbb16a41d5b6f30f8b61875a1"),
    ("illuminate-routing", "98d5f33ffa3769a80ba470d44355f48818eb89f0a678306ca0c04c5cd13ba64d"),
    ("illuminate-session", "d2060da2b2a8dea4291c40e46771840603d065e983f288a6d326343a532eb39d"),
    ("illuminate-support", "5c847ee37325715051ca102286e7854e6ffab310caad5ad005e8c92a4205f640"),
    ("illuminate-testing", "8e324caad1ead5665585544d87fe42c39c7c1a0c135e67dc5a7c6650eaa5dd8a"),
    ("illuminate-translation", "56017f77c2724d3fb972aae2933dccb49c7b0f8a992c7b304f2543d86ab0de6e"),
    ("illuminate-validation", "92ed21d4a20d8bb69c02155845767a67f427e81688f7df0defd2969cc18b28f9"),
    ("illuminate-view", "27a925d97f255dafff875f796271fc77c6a20e707381156f26b420c05a3982d4"),
    ("laravel-framework", "a07286589520fbf482460fa34f09599d19967eac936aea62a34e13bc8c7e6f00"),
))
"""Laravel's framework as Debian splits it: one package per Illuminate component, all under
/usr/share/php/Illuminate (what semble indexes is the whole of src/Illuminate)."""


def _illuminate() -> Layout:
    return Layout(ILLUMINATE, tuple(("src/Illuminate/", f"{stem(p)}/usr/share/php/Illuminate") for p in ILLUMINATE))


LAYOUTS: dict[str, Layout] = {
    # Python: sdists, laid out as the repository (the sdist's top folder is the repository's root)
    "aiohttp": _at(_pypi("aiohttp", "3.14.5", "5558a7f5a05af9ecf744af91e5baefc436f93c9333e656c27ec253f9a6bbe178"),
                   "aiohttp-3.14.5"),
    "flask": _at(_pypi("flask", "3.1.3", "0ef0e52b8a9cd932855379197dd8f94047b359ca0a78695144304cb45f87c9eb"),
                 "flask-3.1.3"),
    "httpx": _at(_pypi("httpx", "0.28.1", "75e98c5f16b0f35b567856f597f06ff2270a374470a5c2392242528e3e3e42fc"),
                 "httpx-0.28.1"),
    "model2vec": _at(_pypi("model2vec", "0.10.0", "47119ef1f917b4da7a0010bf10c587c923639a6af4ea51cb2d424fc329d09d2f"),
                     "model2vec-0.10.0"),
    "requests": _at(_pypi("requests", "2.34.2", "f288924cae4e29463698d6d60bc6a4da69c89185ad1e0bcc4104f584e960b9ed"),
                    "requests-2.34.2"),
    "starlette": _at(_pypi("starlette", "1.10.0", "b8399098d4c1e3522734f7235dc79b1fc967f96cf139c81e0fa30479e0685f9b"),
                     "starlette-1.10.0"),
    # JavaScript and TypeScript: npm tarballs that ship the sources (vitest's ships only its build)
    "axios": _at(_npm("axios", "1.21.1", "5659acb8c9414ad88aa539db8e529947c9bac8cdf55973e314a078fc0205751c"),
                 "package"),
    "express": _at(_npm("express", "5.3.0", "62450d99e36dc393295f1ddd93cb9291e658c169f3b700b0110c1ae8fa799930"),
                   "package"),
    "redux": _at(_npm("redux", "5.0.1", "adacd4f8a377e638a3feb568e45e8b8ff22c926516941db25b1acfc34d94398b"),
                 "package"),
    "zod": _at(_npm("zod", "4.6.7", "84efd155bed93270286e793fc951be270b536cbd5b0eeb111f0fa3967201d698"),
               "package", "packages/zod/"),
    "trpc": _at(_npm("@trpc/server", "11.25.2", "43d5562bf3d3ca2ba55bb37a91020c19d90ddaa3359a1eb55e5fefc62c6cb29a"),
                "package", "packages/server/"),
    # Go: Debian's -dev packages carry the module's sources
    "gin": _at(_deb("golang-github-gin-gonic-gin-dev", "1.8.1-1",
                    "66d916769bcd36a6722b0c92a81719b8faca56f69662b17d1ef7ba257c85367a"), GOCODE + "gin-gonic/gin"),
    "cobra": _at(_deb("golang-github-spf13-cobra-dev", "1.6.1-1",
                      "4f5d20855133319beef3c5b49d3c21a0406f270bf94fb4b6f4d406b691283cb2"), GOCODE + "spf13/cobra"),
    "chi": _at(_deb("golang-github-go-chi-chi-dev", "5.0.7-1",
                    "70beea5ca4f20af122e8083c91b56b6055df895595c7d9dcf286fadd4ad26f9b"), GOCODE + "go-chi/chi"),
    # Rust: Debian's librust-*-dev packages carry the crates; a crate is one folder of its repository
    "tokio": _at(_deb("librust-tokio-dev", "1.24.2-1", "8b6d6c9cbfcf1980136c4a1472c31053c3282bcd905b73f5201292c62fb5f873"),
                 CARGO + "tokio-1.24.2", "tokio/"),
    # serde_core was split out of the serde crate after 1.0.152: its files are that crate's
    "serde": Layout((SERDE, SERDE_DERIVE), (
        ("serde_core/", "debian-librust-serde-dev-1.0.152-2/" + CARGO + "serde-1.0.152"),
        ("serde_derive/", "debian-librust-serde-derive-dev-1.0.152-1/" + CARGO + "serde_derive-1.0.152"),
    )),
    # PHP: Debian installs a library's src/ under /usr/share/php/<namespace>
    "guzzle": _at(_deb("php-guzzlehttp-guzzle", "7.4.5-1",
                       "9d9bf1da6497cc3d6b3b1b28093a9ffd13621f6e2854ffd4f2d07d54fc836a06"), "usr/share/php/GuzzleHttp", "src/"),
    "monolog": _at(_deb("php-monolog", "2.9.1-1", "f8a26688b521e33cf6ef73b75ae5eac0cb026d986a336161456dd37dbb710681"),
                   "usr/share/php/Monolog", "src/Monolog/"),
    "laravel-framework": _illuminate(),
    # Ruby: Debian keeps each gem's tree (lib/ and the rest) under rubygems-integration
    # deb12u2 (a security update), pinned first, is no longer in the mirror (2026-12-04): main has deb12u1
    "rack": _at(_deb("ruby-rack", "2.2.22-0+deb12u1", "18bab2c3caffa2b1a35cd73d49652d749909e87fd2d5b57dd4a594a02a6ad157"),
                GEMS + "rack-2.2.22"),
    "sinatra": _at(_deb("ruby-sinatra", "3.0.5-3+deb12u1",
                        "7980ec9e78c5e48bf9062111c68296c183c8fb2bb0b522f85e3dc04129221323"), GEMS + "sinatra-3.0.5"),
    # deb12u4 (a security update), pinned first, is no longer in the mirror (2026-12-04): main has deb12u2
    "rails": _at(_deb("ruby-railties", "2:6.1.7.10+dfsg-1~deb12u2",
                      "fbf0efc352d48ecaf008627966f0dd54262829c18de0bfc652d12a9226f7786a"),
                 GEMS + "railties-6.1.7.10", "railties/"),
    # C and C++: header-only libraries' -dev packages hold what semble indexes (include/...)
    "nlohmann-json": _at(_deb("nlohmann-json3-dev", "3.11.2-2",
                              "ec57940def6b6186c30be0e0ee81d1e58f86d11a54a145b28686a1e3e4aae801"), "usr/include", "include/"),
    "fmtlib": _at(_deb("libfmt-dev", "9.1.0+ds1-2", "c8fa00dd0269e6eda9fd06668df3d720de4b5a1f647dcd3c6e0ba63f0cbf2150"),
                  "usr/include", "include/"),
    "abseil-cpp": _at(_deb("libabsl-dev", "20220623.1-1+deb12u2",
                           "24cdc091cd8e88754401f9d18e3be3d354ef96c453934ff138106fcb0245958b"), "usr/include"),
    # Java (group C): Debian's source packages, the upstream tarball as the release tag holds it
    "commons-lang": _at(_debsrc("libcommons-lang3-java", "3.12.0-2+deb12u1",
                                "f7c22574707611b63bae19ff17f59e24cdd32e2b0e61a50ec9b1b525fbc909d1"),
                        "commons-lang-rel-commons-lang-3.12.0"),
    # semble labels Jackson 3 (package tools.jackson); 2.14 keeps the same classes under com.fasterxml
    "jackson-databind": _at(_debsrc("jackson-databind", "2.14.0-1+deb12u1",
                                    "ec086218027c3ecf235fcda042bf04d87b4178ee225f0633f062cd20e64f74a9"),
                            "jackson-databind-jackson-databind-2.14.0/src/main/java/com/fasterxml/jackson/databind",
                            "src/main/java/tools/jackson/databind/"),
    # libuv's whole tree, as uvloop vendors it in its sdist (libuv 1.52.1)
    "libuv": _at(_pypi("uvloop", "0.23.0", "28d160f51ab4da3b187063652e643dea6831072add4adc1e6d62afbe73b6be27"),
                 "uvloop-0.23.0/vendor/libuv"),
}
"""semble's repository name to the pinned packages that hold it, and where."""

NOTES: dict[str, str] = {
    "requests": "the project's own evaluation uses requests 2.32.3 (bench/corpora.py)",
    "flask": "the project's own evaluation uses flask 3.0.3 (bench/corpora.py)",
    "serde": "serde_core/ is read from the serde 1.0.152 crate (serde_core was split out later)",
    "libuv": "from uvloop's sdist, which vendors libuv 1.52.1",
    "laravel-framework": "Laravel 8.83.26: Debian's 32 packages of src/Illuminate",
    "commons-lang": "commons-lang 3.12.0 (Debian's source package)",
    "jackson-databind": "Jackson 2.14.0 (Debian's source package): com/fasterxml/jackson/databind read as semble's "
                        "Jackson 3 tools/jackson/databind",
}
"""What a reader of the tables should know about a repository's copy."""


@dataclass(frozen=True, slots=True)
class Repository:
    """One of semble's repositories as this benchmark reads it."""

    name: str
    language: str
    revision: str
    """The commit semble labelled."""
    benchmark_root: str | None
    """The folder semble indexes, from the repository's root; ``None``: the whole repository."""
    layout: Layout

    @property
    def version(self) -> str:
        """The pinned packages, as ``registry:name==version`` joined by ``+`` (many of one version:
        how many, the version and the first and last name)."""
        packages = self.layout.packages
        if len(packages) > 3 and len({(p.registry, p.version) for p in packages}) == 1:
            first, last = packages[0], packages[-1]
            return f"{first.registry}: {len(packages)} packages =={first.version} ({first.name} ... {last.name})"
        return " + ".join(str(p) for p in packages)


def semble_repositories() -> dict[str, Repository]:
    """Every repository of semble's list that has a layout here, by name (never a held-out one)."""
    raw = json.loads((DATA / "repos.json").read_text("utf-8"))
    found = {}
    for item in raw:
        name = item["name"]
        if name in HELD_OUT or name not in LAYOUTS:
            continue
        found[name] = Repository(name, item["language"], item["revision"], item.get("benchmark_root"), LAYOUTS[name])
    return found


@dataclass(frozen=True, slots=True)
class DocRepository:
    """A Python repository whose docstrings give questions: its sdist and its package folder."""

    name: str
    package: Package
    top: str
    """The sdist's top folder."""
    source: str
    """The package's folder inside ``top`` (what is indexed)."""

    @property
    def language(self) -> str:
        """Always Python: docstrings are read with ``ast``."""
        return "python"

    @property
    def version(self) -> str:
        """The pinned sdist."""
        return str(self.package)


DOC_REPOSITORIES: dict[str, DocRepository] = {r.name: r for r in (
    DocRepository("boltons", _pypi("boltons", "26.2.0", "d39cfd15c1a1c3bd4d705c82252fa9edb8e4f5e8cc039f8e39afac7b1b47e92c"),
                  "boltons-26.2.0", "boltons"),
    DocRepository("jinja2", _pypi("jinja2", "3.1.6", "0137fb05990d35f1275a587e9aee6d56da821fc83491a0fb838183be43f66d6d"),
                  "jinja2-3.1.6", "src/jinja2"),
    DocRepository("marshmallow", _pypi("marshmallow", "4.4.0",
                                       "9e6ffa8511012ca89732324c1c253efd7b4d35632dcbdf80aa793fe01804af3e"),
                  "marshmallow-4.4.0", "src/marshmallow"),
    DocRepository("more-itertools", _pypi("more-itertools", "11.2.1",
                                          "cbf08fd0af284dc69718b9b76a8e6203df624d70209ea511e4219d350c856f63"),
                  "more_itertools-11.2.1", "more_itertools"),
    DocRepository("pyparsing", _pypi("pyparsing", "3.3.3", "928ae7e20211f3b6f3915a72f06a0cfd29ab9d24279dd6346b6b1a7146397d36"),
                  "pyparsing-3.3.3", "pyparsing"),
    DocRepository("tornado", _pypi("tornado", "6.6.1", "28e6311402af59c8b02e3fa0f5e7d8eb465b25081381803b127d97e6a4395d5a"),
                  "tornado-6.6.1", "tornado"),
)}
"""Python repositories the project had not used before this benchmark (docstring→function questions)."""
