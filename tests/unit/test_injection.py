"""A spec is untrusted: nothing in it may run, at compile time or when the engine is imported."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest

from durakc.diagnostics import SpecError
from durakc.spec import load_spec
from durakc.targets.python.codegen import render_engine

CANARY = "PWNED_CANARY"
PAYLOADS = [
    '"""; import os; os.system("touch ' + CANARY + '") #',
    "'''; __import__('os').system('touch " + CANARY + "') #",
    "\\\"\"\" + __import__('os').system('touch " + CANARY + "') + \"\"\"\\",
    "line one\nimport os; os.system('touch " + CANARY + "')\n",
    "{{ self.__init__.__globals__ }} {% raw %}{% endraw %}",
    "\\x00 \\u2028 \u2028 \u0085 tab\tend \\",
    "# -*- coding: rot13 -*-",
]


def _yaml_str(text: str) -> str:
    return json.dumps(text)  # JSON strings are YAML double-quoted scalars


def _write_spec(tmp_path, name="inj", **fields):
    lines = [f"name: {name}", "extends: transfer"]
    for key, value in fields.items():
        lines.append(f"{key}: {value}")
    if "title" not in fields:
        lines.append("title: T")
    path = tmp_path / f"{name}.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _import_engine(tmp_path, source, module="inj"):
    path = tmp_path / f"{module}.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(f"_inj_{module}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("field", ["title", "description", "sources"])
def test_string_fields_stay_data(tmp_path, monkeypatch, payload, field):
    monkeypatch.chdir(tmp_path)
    value = f"[{_yaml_str(payload)}]" if field == "sources" else _yaml_str(payload)
    path = _write_spec(tmp_path, **{field: value})
    try:
        spec = load_spec(path)
    except SpecError as exc:  # refusing the text is fine too; running it is not
        assert all(d.format() for d in exc.diagnostics)
        return
    source = render_engine(spec)
    compile(source, "inj.py", "exec")
    engine = _import_engine(tmp_path, source)
    assert not (tmp_path / CANARY).exists()
    stored = engine.VARIANT["sources"][0] if field == "sources" else engine.VARIANT[field]
    assert stored == (payload.strip() if field == "description" else payload)


@pytest.mark.parametrize("expression", [
    "__import__('os').system('touch PWNED_CANARY')",
    "a.__class__",
    "().__class__.__bases__[0].__subclasses__()",
    "open('PWNED_CANARY', 'w')",
    "eval('1')",
    "lambda: 1",
    "limit; import os",
    "limit\nimport os",
    "limit # comment",
    "[x for x in ()]",
    "'string'",
    "limit.__add__(1)",
    "exec",
    "__builtins__",
    "globals()",
])
def test_expressions_can_not_reach_python(tmp_path, monkeypatch, expression):
    monkeypatch.chdir(tmp_path)
    path = _write_spec(tmp_path, rules="{transfer: {capacity: " + _yaml_str(expression) + "}}")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    assert info.value.diagnostics
    assert not (tmp_path / CANARY).exists()


def test_names_must_be_identifiers(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text('name: "x; import os"\ntitle: t\n', encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    assert "name" in info.value.diagnostics[0].message


def test_annotation_names_must_be_identifiers(tmp_path):
    path = _write_spec(tmp_path, rules='{outcome: {annotations: {"a b(): pass": "true"}}}')
    with pytest.raises(SpecError):
        load_spec(path)


def test_hostile_file_name_stays_in_a_comment(tmp_path):
    weird = tmp_path / "we'ird\"\\ name.yaml"
    weird.write_text("name: weird\ntitle: t\nextends: transfer\n", encoding="utf-8")
    source = render_engine(load_spec(weird))
    compile(source, "weird.py", "exec")
    header = source.splitlines()[2]
    assert header.startswith("# from spec ")


def test_importing_a_generated_engine_runs_nothing_but_definitions(tmp_path):
    path = _write_spec(tmp_path, title=_yaml_str(PAYLOADS[0]), description=_yaml_str(PAYLOADS[3]))
    source = render_engine(load_spec(path))
    (tmp_path / "inj.py").write_text(source, encoding="utf-8")
    run = subprocess.run([sys.executable, "-I", "-c",
                          "import sys; sys.path.insert(0, '.'); import inj; print(inj.VARIANT['title'])"],
                         cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert not (tmp_path / CANARY).exists()
    assert run.stdout.strip() == PAYLOADS[0]
