"""The static playground's API in one process (`durakc.web.standalone`) answers as the
server does, and its site zip holds what Pyodide needs, the same bytes every time."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from durakc.web.standalone import StandaloneApi
from durakc.web.static_site import DEPENDENCIES, site_zip
from tests.web.helpers import spec_text


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    return StandaloneApi(folder=str(tmp_path_factory.mktemp("standalone")))


def call(api, method, path, body=None):
    return api.handle(method, path, None if body is None else json.dumps(body))


def test_meta_lists_the_bundled_examples_and_says_static(api):
    status, meta = call(api, "GET", "/api/meta")
    assert status == 200 and meta["static"] is True
    assert "transfer" in meta["variants"] and {"name", "text"} <= set(meta["examples"][0])


def test_a_spec_with_an_error_gets_its_located_diagnostic(api):
    broken = ("name: mine\ntitle: Mine\nextends: transfer\nrules:\n  transfer:\n"
              "    capacity: \"atack_cards <= 4\"\n")
    status, body = call(api, "POST", "/api/check", {"spec": broken})
    assert status == 200 and body["ok"] is False
    (diag,) = [d for d in body["diagnostics"] if d["severity"] == "error"]
    assert (diag["line"], diag["column"]) == (6, 16)
    assert "attack_cards" in diag["message"] + (diag["hint"] or "")


@pytest.mark.parametrize(("method", "path", "body", "status", "code"), [
    ("POST", "/api/nothing", {}, 404, "not_found"),
    ("GET", "/api/jobs/nope", None, 404, "no_job"),
    ("POST", "/api/check", [1], 400, "bad_request"),
    ("POST", "/api/play", {"spec": "x"}, 400, "bad_request"),
])
def test_refusals_are_the_servers(api, method, path, body, status, code):
    got, answer = api.handle(method, path, None if body is None else json.dumps(body))
    assert (got, answer["error"]["code"]) == (status, code)


def test_a_comparison_is_a_finished_job(api):
    status, started = call(api, "POST", "/api/compare", {
        "spec": spec_text("podkidnoy"), "against": "transfer", "players": 2, "games": 6,
        "seed": 3, "bots": ["random", "random"]})
    assert status == 202
    status, job = call(api, "GET", f"/api/jobs/{started['job']}")
    assert status == 200 and job["state"] == "done"
    assert job["result"]["names"] == ["transfer", "podkidnoy"]


def test_the_site_zip_is_deterministic_and_holds_the_compiler_and_its_dependencies():
    first, second = site_zip(), site_zip()
    assert first == second
    names = set(zipfile.ZipFile(io.BytesIO(first)).namelist())
    assert {"durakc/web/standalone.py", "durakc/expr.lark", "durakc/engines/transfer.py",
            "durakc/variants/transfer.yaml"} <= names
    for package in DEPENDENCIES:
        assert f"{package}/__init__.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyc")) or "/static/" in n]
