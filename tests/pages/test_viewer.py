"""The solution page: one self-contained file, every step of the line, for every game."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

import solitaire_solver
from solitaire_solver import solve
from solitaire_solver.cards import card_text
from solitaire_solver.errors import BadOptionError, IllegalMoveError
from solitaire_solver.games import PRESETS, Game, make_game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.pages import viewer
from solitaire_solver.pages.viewer import solution_html
from tests.support import ROOT, WON_DEALS, network_references, page_data


def won_line(preset: str) -> tuple[Game[Any, Any], Any, tuple[Any, ...]]:
    game = make_game(preset)
    start = game.deal(WON_DEALS[preset])
    result = solve(game, position=start)
    assert result.status.value == "won"
    return game, start, result.moves


def test_every_preset_is_covered() -> None:
    assert set(WON_DEALS) == set(PRESETS)


def test_network_check_sees_references() -> None:
    # The check below must be able to fail.
    for bad in (
        '<script src="x.js">',
        '<link href="a.css" rel="stylesheet">',
        "//cdn.example/a.js",
        "background: url(a.png)",
        "fetch('a')",
    ):
        assert network_references(bad), bad
    assert not network_references(
        'fill: url(#back-weave); <use href="#suit-C"/> <x src="data:image/png;base64,AA">'
    )


@pytest.mark.parametrize("preset", sorted(WON_DEALS))
def test_page_is_one_file_with_every_step(preset: str) -> None:
    game, start, moves = won_line(preset)
    page = solution_html(
        game, start, moves, title=f"{preset} test", verdict_text=f"won in {len(moves)} moves"
    )
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert network_references(page) == []
    assert page.count("<script") == 2  # the data and the code, both inline
    data = page_data(page)
    assert data["moves"] == len(moves)
    assert f"won in {len(moves)} moves" in page
    steps = data["steps"]
    assert len(steps) == len(moves) + 1
    state = start
    for k, move in enumerate(moves, 1):
        description = game.describe(state, move)
        assert description in page
        assert steps[k]["move"] == str(move) and steps[k]["text"] == description
        state = game.apply(state, move)
        # Every move brings some card somewhere, and the page marks it.
        assert steps[k]["hi"], f"move {k} ({move}) marks nothing"
    assert data["end"] == "won: every card is home"
    names = [s["name"] for s in data["slots"]]
    assert len(names) == len(set(names))
    for step in steps:
        assert set(step["piles"]) == set(names), "every step draws the same piles"
        assert step["facts"]


def shown(step: dict[str, Any], pile: str) -> list[str]:
    cards: list[str] = step["piles"][pile][0]
    return cards


def test_decade_start_deal_and_discards() -> None:
    game, start, moves = won_line("decade")
    steps = page_data(solution_html(game, start, moves, title="t", verdict_text="v"))["steps"]
    assert shown(steps[0], "line") == [card_text(c) for c in start.line]
    assert steps[0]["piles"]["stock"][1] == len(start.remaining)
    assert ["stock", f"{len(start.remaining)} cards"] in steps[0]["facts"]
    state = start
    for k, move in enumerate(moves, 1):
        after = game.apply(state, move)
        if move.is_deal:
            # The dealt card arrives at the right end of the line, from the stock.
            assert steps[k]["hi"]["line"] == [len(after.line) - 1]
            assert "stock" in steps[k]["from"]
        else:
            # The discarded run lies on top of the discards, marked.
            run = [card_text(c) for c in state.line[move.start : move.start + move.length]]
            top = shown(steps[k], "discarded")[-len(run) :]
            assert sorted(top) == sorted(run)
            marked = steps[k]["hi"]["discarded"]
            assert [shown(steps[k], "discarded")[i] for i in marked] == top
            assert "line" in steps[k]["from"]
        state = after
    assert shown(steps[-1], "line") == [] and steps[-1]["piles"]["stock"][1] == 0


def test_black_hole_marks_the_card_played_and_its_pile() -> None:
    game, start, moves = won_line("black-hole")
    steps = page_data(solution_html(game, start, moves, title="t", verdict_text="v"))["steps"]
    assert shown(steps[0], "pile1") == [card_text(c) for c in start.piles[0]]
    first = moves[0]
    played = card_text(start.piles[first.pile][-1])
    assert shown(steps[1], "hole")[-1] == played
    assert steps[1]["hi"]["hole"] == [len(shown(steps[1], "hole")) - 1]
    assert steps[1]["from"] == [f"pile{first.pile + 1}"]
    assert steps[-1]["piles"]["hole"][2] == "52/52"


def test_eagle_wing_counts_and_trunk() -> None:
    game, start, moves = won_line("eagle-wing-coops")
    steps = page_data(solution_html(game, start, moves, title="t", verdict_text="v"))["steps"]
    first = steps[0]
    assert first["piles"]["trunk"][1] == len(start.trunk)
    assert first["piles"]["stock"][1] == len(start.stock)
    assert shown(first, "waste") == [card_text(c) for c in start.waste]
    for i, wing in enumerate(start.wings, 1):
        assert shown(first, f"wing{i}") == [card_text(c) for c in wing]
    facts = dict(map(tuple, first["facts"]))
    assert facts["redeals used"] == "0 of 2"
    assert facts["trunk"] == "13 cards"
    assert dict(map(tuple, steps[-1]["facts"]))["foundations"].startswith("52 of 52")
    # When the trunk is down to one card, that card is drawn face up.
    state = start
    for k, move in enumerate(moves, 1):
        state = game.apply(state, move)
        if len(state.trunk) == 1:
            assert steps[k]["piles"]["trunk"][:2] == [[card_text(state.trunk[0])], 0]
            break
    else:
        pytest.fail("the trunk never came down to one card")


def test_windmill_marks_the_card_that_fills_a_reserve_cell() -> None:
    game, start, moves = won_line("windmill")
    steps = page_data(solution_html(game, start, moves, title="t", verdict_text="v"))["steps"]
    assert [shown(steps[0], f"r{i + 1}") for i in range(8)] == [
        [card_text(c)] for c in start.reserve
    ]
    assert shown(steps[0], "primary") == ["AC"]
    state = start
    for k, move in enumerate(moves, 1):
        text = game.describe(state, move)
        state = game.apply(state, move)
        m = re.search(r"fills reserve (\d)", text)
        if m:
            cell = f"r{m.group(1)}"
            assert steps[k]["hi"][cell] == [0] and cell in steps[k]["from"]
            return
    pytest.fail("no move refilled a reserve cell")


def test_a_lost_deal_shows_the_deal_and_the_verdict() -> None:
    game = make_game("eagle-wing")
    start = game.deal(1)
    assert solve(game, position=start).status.value == "lost"
    page = solution_html(
        game, start, [], title="eagle-wing 1", verdict_text="lost (no winning line exists)"
    )
    data = page_data(page)
    assert len(data["steps"]) == 1 and data["moves"] == 0 and data["end"] == ""
    assert data["verdict"] == "lost (no winning line exists)"
    assert shown(data["steps"][0], "wing1") == [card_text(start.wings[0][0])]


def test_a_line_that_does_not_win_says_where_it_ends() -> None:
    game, start, moves = won_line("decade")
    data = page_data(solution_html(game, start, moves[:10], title="t", verdict_text="v"))
    assert len(data["steps"]) == 11
    assert data["end"] == "the line ends here, after 10 moves, without a win"


def test_a_line_stuck_with_no_move_left_says_so() -> None:
    game = make_game("black-hole")
    state = start = game.deal(1)
    line = []
    while game.legal_moves(state):
        move = game.legal_moves(state)[0]
        line.append(move)
        state = game.apply(state, move)
    assert not game.is_won(state)
    data = page_data(solution_html(game, start, line, title="t", verdict_text="v"))
    assert data["end"].endswith("without a win; no move is left")


def test_an_illegal_move_is_refused() -> None:
    game = make_game("black-hole")
    start = game.deal(2)
    illegal = next(
        game.parse_move(f"p{i}")
        for i in range(1, 18)
        if game.parse_move(f"p{i}") not in game.legal_moves(start)
    )
    with pytest.raises(IllegalMoveError):
        solution_html(game, start, [illegal], title="t", verdict_text="v")


def test_a_game_without_a_layout_is_shown_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    game, start, moves = won_line("decade")
    # A game that lays itself out nowhere keeps the default of every game.
    monkeypatch.setattr(type(game), "scene", Game.scene)
    data = page_data(solution_html(game, start, moves[:3], title="t", verdict_text="v"))
    assert data["slots"] == []
    state = start
    for step, move in zip(data["steps"], (*moves[:3], None), strict=True):
        assert step["show"] == game.show(state)
        if move is not None:
            state = game.apply(state, move)


def test_text_cannot_break_out_of_the_page() -> None:
    game, start, moves = won_line("decade")
    title = "</script><script>alert(1)</script> & <b>"
    page = solution_html(game, start, moves[:2], title=title, verdict_text="</script>")
    assert page.count("</script>") == 2  # only the page's own two scripts end
    assert (
        "<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;</title>"
        in page
    )
    data = page_data(page)
    assert data["title"] == title and data["verdict"] == "</script>"


def test_marks_go_with_their_steps_and_the_page_opens_at_the_first() -> None:
    game, start, moves = won_line("black-hole")
    page = solution_html(
        game, start, moves, title="t", verdict_text="v", marks={7: "here", 3: "there"}
    )
    data = page_data(page)
    assert data["open"] == 3
    assert {k: s["mark"] for k, s in enumerate(data["steps"]) if "mark" in s} == {
        3: "there",
        7: "here",
    }
    assert page_data(solution_html(game, start, moves, title="t", verdict_text="v"))["open"] == 0
    with pytest.raises(BadOptionError, match=r"mark at step 52: the line has steps 0 to 51"):
        solution_html(game, start, moves, title="t", verdict_text="v", marks={52: "x"})


# The words the keys line under the board uses for each key the script acts on.
KEY_WORDS = {
    "ArrowRight": "&rarr;",
    "ArrowLeft": "&larr;",
    "Home": "Home",
    "End": "End",
    "PageUp": "Page Up",
    "PageDown": "Page Down",
}


def test_the_keys_line_names_every_key_the_page_handles() -> None:
    game, start, moves = won_line("decade")
    page = solution_html(game, start, moves, title="t", verdict_text="v")
    keys_line = re.search(r'<p class="keys">(.*?)</p>', page, re.S)
    assert keys_line is not None
    words = " ".join(keys_line.group(1).split())
    # The keys the script steps with, read from its table of keys to steps.
    table = re.search(r"const to = \{(.*?)\}\[event\.key\]", viewer._SCRIPT, re.S)
    assert table is not None
    handled = re.findall(r"(\w+):", table.group(1))
    assert set(handled) == set(KEY_WORDS), "a key the page handles has no words here"
    for key in handled:
        assert KEY_WORDS[key] in words, f"the keys line leaves out {key}"
    assert "space" in words and 'event.key === " "' in viewer._SCRIPT


def test_the_address_follows_the_step_and_moves_the_page() -> None:
    # What the browser test checks in Chromium, here as the script's text: it
    # writes the step into the address and listens for the address changing.
    script = viewer._SCRIPT
    assert 'history.replaceState(null, "", "#" + at)' in script
    assert 'addEventListener("hashchange"' in script


def test_the_docs_count_piles_as_the_page_labels_them() -> None:
    page = ROOT / "docs" / "guides" / "viewer.md"
    doc = page.read_text(encoding="utf-8")
    for preset, word in (("eagle-wing", "wing"), ("black-hole", "pile")):
        game = make_game(preset)
        labels = {p.label for p in viewer.scene(game, game.deal(parse_deal_number(1))).piles}
        spans = re.findall(rf"\b{word}s (\d+)-(\d+)", doc)
        assert spans, f"docs/guides/viewer.md names no {word}s by number"
        for low, high in spans:
            for n in range(int(low), int(high) + 1):
                assert f"{word} {n}" in labels, f"docs/guides/viewer.md names {word} {n}"


def _code_words(path: Path) -> str:
    """The names and string constants of a Python file, docstrings left out: what it does,
    not the examples its documentation gives."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    words = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.alias):
            words.append(node.name)
        elif isinstance(node, ast.ImportFrom):
            words.append(node.module or "")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            words.append(node.value)
    return "\n".join(words)


def test_the_pages_hold_no_game_of_their_own() -> None:
    # Each game lays itself out (Game.scene, Game.move_places) beside its rules, so a new
    # game touches no page: the viewer, the layout types and the browser game name none.
    root = Path(solitaire_solver.__file__).parent
    texts = {root / "pages" / "viewer.py": _code_words(root / "pages" / "viewer.py")}
    texts[root / "games" / "scene.py"] = _code_words(root / "games" / "scene.py")
    for path in sorted((root / "pages").iterdir()):
        if path.suffix in (".js", ".css", ".html", ".svg"):
            texts[path] = path.read_text(encoding="utf-8")
    for path in sorted((root / "pages" / "web").iterdir()):
        if path.suffix == ".py":
            texts[path] = _code_words(path)
        elif path.suffix in (".js", ".css", ".html"):
            texts[path] = path.read_text(encoding="utf-8")
    games = {p.game for p in PRESETS.values()}
    names = {g.name for g in games} | {g.__name__ for g in games}
    spellings = {v for n in names for v in (n, n.replace("-", "_"), n.replace("-", ""))}
    for path, text in texts.items():
        for name in spellings:
            assert name.lower() not in text.lower(), f"{path.name} names the game {name}"
