"""families(), algorithms() and keys() say what `hetcoll list` prints."""
import subprocess

import hetcoll
from hetcoll._listing import listing


def text_listing(cli):
    """{family: (algorithm names, key names)} of `hetcoll list`'s text."""
    out = subprocess.run([cli, "list"], capture_output=True, text=True, check=True).stdout
    table, family, section = {}, None, None
    for line in out.splitlines():
        if not line.startswith(" "):
            family = line.split(":")[0]
            table[family] = ([], [])
        elif line.startswith("  ") and not line.startswith("    "):
            section = line.strip().rstrip(":")
        elif section in ("algorithms", "parameters"):
            table[family][0 if section == "algorithms" else 1].append(line.split()[0])
    return table


def test_every_family_algorithm_and_key_of_the_text_listing(cli):
    expected = text_listing(cli)
    assert [f.name for f in hetcoll.families()] == list(expected)
    for name, (algorithm_names, key_names) in expected.items():
        assert [a.name for a in hetcoll.algorithms(name)] == algorithm_names
        assert [k.key for k in hetcoll.keys(name)] == key_names


def test_keys_are_typed():
    for family in hetcoll.families():
        for key in family.keys:
            assert key.kind in ("number", "list", "text")
            if key.kind == "number":
                assert isinstance(key.default, float)
            else:
                assert key.default is None or isinstance(key.default, str)
            if key.minimum is not None and key.maximum is not None:
                assert key.minimum <= key.maximum
            assert key.column == key.key.replace("-", "_")


def test_an_unknown_family_names_the_families():
    try:
        hetcoll.keys("no-such-family")
    except KeyError as error:
        assert "reduce" in str(error)
    else:
        raise AssertionError("no KeyError")


def test_the_listing_is_read_once_per_program(cli):
    listing.cache_clear()
    hetcoll.families()
    hetcoll.keys("reduce")
    assert listing.cache_info().misses == 1
