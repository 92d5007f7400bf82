"""`extends: NAME` names a spec by its `name:` field, in the spec's folder, then bundled.

A spec never extends itself: a local spec named like a bundled variant extends the bundled
one.  An unknown parent lists close names of the folder's specs and the bundled ones.
"""

from __future__ import annotations

import pytest

from durakc.diagnostics import SpecError
from durakc.spec import load_spec, load_specs


def write(folder, file_name, text):
    path = folder / file_name
    path.write_text(text, encoding="utf-8")
    return path


def errors(path) -> list[str]:
    with pytest.raises(SpecError) as info:
        load_spec(path)
    return [d.format() for d in info.value.diagnostics]


def labels(spec) -> list[tuple[str, str]]:
    return [(name, label) for name, label in spec.chain]


def test_local_spec_named_like_a_bundled_one_extends_the_bundled_one(tmp_path):
    local = write(tmp_path, "transfer.yaml", "name: transfer\ntitle: Our transfer\n"
                                             "extends: transfer\nrules: {attack.limit: 4}\n")
    spec = load_spec(local)
    assert labels(spec) == [("transfer", "transfer.yaml"),
                            ("transfer", "variants/transfer.yaml")]
    assert spec.values["attack.limit"].text == "4"


def test_siblings_of_such_a_spec_still_load_and_extend_it(tmp_path):
    write(tmp_path, "transfer.yaml", "name: transfer\ntitle: Our transfer\n"
                                     "extends: transfer\nrules: {attack.limit: 4}\n")
    write(tmp_path, "house.yaml", "name: house\ntitle: House\nextends: transfer\n"
                                  "rules: {transfer.show_trump: true}\n")
    specs, diags = load_specs(sorted(tmp_path.glob("*.yaml")))
    assert diags == []
    house = next(s for s in specs if s.name == "house")
    assert labels(house) == [("house", "house.yaml"), ("transfer", "transfer.yaml"),
                             ("transfer", "variants/transfer.yaml")]
    assert house.values["attack.limit"].text == "4"
    assert house.origin["attack.limit"] == "parent transfer"


def test_parent_found_by_its_name_field_not_its_file_name(tmp_path):
    write(tmp_path, "filename.yaml", "name: fancy-name\ntitle: Fancy\nextends: podkidnoy\n"
                                     "rules: {attack.limit: 5}\n")
    child = write(tmp_path, "child.yaml", "name: child\ntitle: Child\nextends: fancy-name\n")
    spec = load_spec(child)
    assert labels(spec)[:3] == [("child", "child.yaml"), ("fancy-name", "filename.yaml"),
                                ("podkidnoy", "variants/podkidnoy.yaml")]
    assert spec.values["attack.limit"].text == "5"


def test_the_name_field_decides_over_a_matching_file_name(tmp_path):
    write(tmp_path, "podkidnoy.yaml", "name: my-podkidnoy\ntitle: Mine\nextends: podkidnoy\n")
    child = write(tmp_path, "child.yaml", "name: child\ntitle: Child\nextends: podkidnoy\n")
    assert labels(load_spec(child))[1] == ("podkidnoy", "variants/podkidnoy.yaml")
    other = write(tmp_path, "other.yaml", "name: other\ntitle: O\nextends: my-podkidnoy\n")
    assert labels(load_spec(other))[1] == ("my-podkidnoy", "podkidnoy.yaml")


def test_unknown_parent_suggests_names_of_the_folder_and_bundled(tmp_path):
    write(tmp_path, "filename.yaml", "name: fancy-name\ntitle: Fancy\n")
    child = write(tmp_path, "child.yaml", "name: child\ntitle: Child\nextends: fancy-nme\n")
    assert errors(child) == [(f"{child}:3:10: error: unknown variant 'fancy-nme' "
                              "(did you mean 'fancy-name'?)\n"
                              "    extends: fancy-nme\n"
                              "             ^~~~~~~~~")]


def test_a_spec_never_extends_itself(tmp_path):
    path = write(tmp_path, "a.yaml", "name: a\ntitle: A\nextends: a\n")
    assert errors(path) == [(f"{path}:3:10: error: unknown variant 'a' "
                             "(a spec can not extend itself)\n"
                             "    extends: a\n"
                             "             ^")]


def test_cycle_names_the_specs_by_their_names(tmp_path):
    write(tmp_path, "one.yaml", "name: b\ntitle: B\nextends: a\n")
    path = write(tmp_path, "two.yaml", "name: a\ntitle: A\nextends: b\n")
    assert errors(path) == [(f"{tmp_path / 'one.yaml'}:3:10: error: extends cycle: "
                             "a -> b -> a\n"
                             "    extends: a\n"
                             "             ^")]


def test_broken_sibling_does_not_hide_the_parent(tmp_path):
    write(tmp_path, "broken.yaml", "name: [oops\n")
    write(tmp_path, "base.yaml", "name: base\ntitle: Base\nrules: {attack.limit: 3}\n")
    child = write(tmp_path, "child.yaml", "name: child\ntitle: Child\nextends: base\n")
    assert load_spec(child).values["attack.limit"].text == "3"
