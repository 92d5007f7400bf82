"""durakc diff (rules and replayable witnesses) and durakc play (piped stdin)."""

from sim_support import FAKE, ROOT, durakc, durakc_json, fake_variant, need_bundled

from durakc.loading.engines import load_engine


def _replay(engine, w):
    game = engine.new_game(w["players"], w["seed"])
    for action in w["actions"]:
        game.apply(action)
    return {str(a) for a in game.legal_actions()}


def _check_witnesses(doc, a, b):
    assert doc["witnesses"], "expected at least one witness"
    for w in doc["witnesses"]:
        la, lb = _replay(a, w), _replay(b, w)
        assert sorted(la - lb) == sorted(w["only_a"]) and sorted(lb - la) == sorted(w["only_b"])


def test_diff_fake_engines(tmp_path):
    other = fake_variant(tmp_path)
    doc = durakc_json("diff", FAKE, other, "--games", "30", "--witnesses", "2")
    assert [r["key"] for r in doc["rules"]] == ["transfer.enabled"]
    assert doc["rules"][0]["a"] is True and doc["rules"][0]["b"] is False
    assert len(doc["witnesses"]) <= 2
    _check_witnesses(doc, load_engine(FAKE), load_engine(other))
    assert all(x.startswith("transfer") for w in doc["witnesses"] for x in w["only_a"])
    proc = durakc("diff", FAKE, other, "--games", "30")
    assert proc.returncode == 0
    assert "transfer.enabled" in proc.stdout and "only in fake:" in proc.stdout


def test_diff_same_engine_has_no_witness():
    doc = durakc_json("diff", FAKE, FAKE, "--games", "20")
    assert doc["rules"] == [] and doc["witnesses"] == [] and doc["playouts_differing"] == 0


def test_diff_bundled_with_origins():
    need_bundled("transfer", "podkidnoy", "kyiv")
    doc = durakc_json("diff", "transfer", "podkidnoy", "--players", "3", "--games", "50")
    keys = {r["key"]: r for r in doc["rules"]}
    assert keys["transfer.enabled"]["a"] is True and keys["transfer.enabled"]["b"] is False
    assert keys["transfer.enabled"]["b_origin"] == "this file"
    _check_witnesses(doc, load_engine("transfer"), load_engine("podkidnoy"))
    doc = durakc_json("diff", "transfer", "kyiv", "--games", "300", "--witnesses", "5")
    _check_witnesses(doc, load_engine("transfer"), load_engine("kyiv"))


def test_play_piped_stdin_quit_and_refusal():
    proc = durakc("play", FAKE, "--seed", "3", stdin="foo\n99\nbeat 9S 9S\n?\nq\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "your hand (seat 0):" in out and "trump" in out and "stock" in out
    assert "refused: not an action" in out and "refused: choose 1-" in out
    assert "refused: beat 9S 9S is not legal now" in out
    assert "you quit the game" in out


def test_play_to_the_end_and_eof():
    proc = durakc("play", FAKE, "--seed", "5", "--players", "3", "--seat", "1", stdin="1\n" * 500)
    assert proc.returncode == 0 and "game over:" in proc.stdout
    proc = durakc("play", FAKE, "--seed", "5", stdin="")
    assert proc.returncode == 0 and "end of input" in proc.stdout
    assert durakc("play", FAKE, "--seat", "5").returncode == 2


def test_play_bundled_by_text():
    need_bundled("transfer")
    game = load_engine("transfer").new_game(2, 8)
    first = game.legal_actions()[0] if game.to_move == 0 else None
    stdin = (f"{str(first).lower()}\n" if first else "") + "1\n" * 300
    proc = durakc("play", "transfer", "--seed", "8", "--bot", "random", stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    assert "game over:" in proc.stdout or "end of input" in proc.stdout
    if first:
        assert f"you: {first}" in proc.stdout


def test_diff_counts_one_action_in_the_singular(tmp_path):
    """Issue 9j: a one-action witness read "then 1 actions"."""
    other = fake_variant(tmp_path)
    out = durakc("diff", FAKE, other, "--games", "30", "--witnesses", "3").stdout
    assert "then 1 action:" in out
    assert "1 actions" not in out


def test_diff_shows_each_engines_trump_when_they_differ():
    """Issue 9j: diff showed only A's trump.  Podkidnoy redeals or picks another first
    attacker where transfer does not, so their witness positions can differ."""
    need_bundled("transfer", "podkidnoy")
    args = ("diff", "transfer", "podkidnoy", "--games", "50", "--witnesses", "3")
    doc = durakc_json(*args)
    differing = [w for w in doc["witnesses"] if w["position"]["trump"] != w["position_b"]["trump"]]
    assert differing, "expected a witness whose trumps differ"
    out = durakc(*args).stdout
    for w in differing:
        assert f"in transfer: table (empty); trump {w['position']['trump']};" in out
        assert f"in podkidnoy: table (empty); trump {w['position_b']['trump']};" in out


def test_diff_format_has_help():
    """Issue 9j: `diff --format` had no help text."""
    out = durakc("diff", "--help").stdout
    after = out.rsplit("--format {table,json}", 1)[1]  # the option, not the usage line
    assert "replayable" in after.split("\n  -", 1)[0]


def test_every_bot_is_documented():
    """Issue 9j: the bot `rollout` (an alias of mcts) was in no help and not in the README."""
    from durakc.sim.bots import BOT_NAMES
    helptext = " ".join(durakc("simulate", "--help").stdout.split())
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Comparing variants", 1)[1].split("\n## ", 1)[0]
    sim_readme = (ROOT / "compiler" / "sim" / "README.md").read_text(encoding="utf-8")
    for name in BOT_NAMES:
        assert name in helptext, name
        assert f"`{name}" in section, name
        assert f"`{name}" in sim_readme, name


def test_play_a_swap_is_no_round_end():
    """PK1: a swap leaves the table empty, but the round has not even begun."""
    need_bundled("poker")
    game = load_engine("poker").new_game(2, 3)
    assert game.to_move == 0
    swap = next(str(a) for a in game.legal_actions() if str(a).startswith("swap "))
    proc = durakc("play", "poker", "--seed", "3", "--bot", "greedy", stdin=f"{swap}\nq\n")
    assert proc.returncode == 0, proc.stderr
    after = proc.stdout.split(f"you: {swap}", 1)[1]
    assert not after.lstrip().startswith("-- round over"), after[:200]
    assert "you quit the game" in after
