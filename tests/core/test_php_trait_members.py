"""A PHP trait's code reaching a property the classes using it declare (ramsey/uuid's ``TimeTrait``:
``$this->timeConverter->convertTime(...)->getSeconds()``): typed as those classes type it where they
agree; it had been tied to nothing."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import callers, indexed

TRAIT = """<?php
namespace Acme;

trait {name}
{{
    public function getDateTime(): int
    {{
        return $this->timeConverter->convertTime(1)->getSeconds();
    }}
}}
"""

USER = """<?php
namespace Acme;

class {name}
{{
    use {trait};

    private {typed} $timeConverter;
}}
"""

METHOD = """<?php
namespace Acme;

class {name}
{{
    public function convertTime(int $x): Time
    {{
        return new Time();
    }}
}}
"""

FILES = {
    "src/TimeTrait.php": TRAIT.format(name="TimeTrait"),
    "src/MixedTrait.php": TRAIT.format(name="MixedTrait"),
    "src/Conv.php": METHOD.format(name="Conv"),
    "src/Other.php": METHOD.format(name="Other"),
    "src/Time.php": "<?php\nnamespace Acme;\n\nclass Time\n{\n    public function getSeconds(): int\n    {\n"
                    "        return 1;\n    }\n}\n",
    "src/Uuid.php": USER.format(name="Uuid", trait="TimeTrait", typed="Conv"),
    "src/Guid.php": USER.format(name="Guid", trait="TimeTrait", typed="Conv"),
    "src/One.php": USER.format(name="One", trait="MixedTrait", typed="Conv"),
    "src/Two.php": USER.format(name="Two", trait="MixedTrait", typed="Other"),
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "traits", FILES)


def test_a_property_every_user_of_a_trait_types_alike_is_typed_in_the_trait(engine: Engine) -> None:
    assert callers(engine, "Conv.convertTime") == [("src/TimeTrait.php", 8, "TimeTrait.getDateTime")]
    assert ("src/TimeTrait.php", 8, "TimeTrait.getDateTime") in callers(engine, "Time.getSeconds")


def test_a_property_the_users_type_apart_stays_unknown(engine: Engine) -> None:
    assert callers(engine, "Other.convertTime") == []
    assert [s for s in callers(engine, "Time.getSeconds") if s[0] == "src/MixedTrait.php"] == []
