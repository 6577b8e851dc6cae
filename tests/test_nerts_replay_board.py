"""A recorded Nerts round played back on the real table (#21): from the Replays
screen to the end through the playback scene, every frame drawn (the overflow check
on), the line saying what each step did, and F9 listing the face-down cards."""
from __future__ import annotations

import pygame

from game import replays
from game.nerts import replay_codec as nerts_codec
from game.nerts import table_layout as L
from game.nerts.replay_board import ReplayBoard
from game.scenes.replay_player import SPEEDS, ReplayPlayer
from game.scenes.replays import ReplaysScene
from tests.helpers import key_event
from tests.test_nerts_replay import SAVED4, finish_round, new_four


def recorded_round(app, **opts) -> replays.Replay:
    """A round played at the table over the menu; back at the menu, its replay."""
    menu = app.top
    table = new_four(app, seed=17, levels=SAVED4, **opts)
    finish_round(app, table)
    while app.top is not menu:
        app.pop(app.top)
    return table.ctl.last_replay


def under_stacks(app, board: ReplayBoard) -> list[pygame.Surface]:
    """The canvas under each panel's Stack, where F9 lists the face-down cards."""
    board.draw(app.canvas)
    out = []
    for box in board.drawing.boxes:
        x, y = box.stack()[0], box.cards_y + L.CARD_H + 20
        out.append(app.canvas.subsurface((x, y, 104, 84)).copy())
    return out


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_a_four_seat_round_plays_back_from_the_replays_screen_to_the_end(menu_app):
    app = menu_app
    rep = recorded_round(app)
    app.push(ReplaysScene(app))
    app.key(key_event(pygame.K_RETURN))
    player = app.top
    assert isinstance(player, ReplayPlayer) and isinstance(player.board, ReplayBoard)
    app.key(key_event(pygame.K_PLUS, "+"))
    app.key(key_event(pygame.K_PLUS, "+"))
    app.key(key_event(pygame.K_PLUS, "+"))
    assert player.speed == SPEEDS[-1]
    lines = set()
    frames = 0
    while not player.at_end:
        app.run(max_frames=1)           # each frame drawn, text overflow checked
        lines.add(player.line)
        frames += 1
        assert frames < 20_000
    app.run(max_frames=1)
    assert rep.result in player.line
    assert any("scored" in line for line in lines) and any("flips" in line for line in lines)
    assert replays.digest(nerts_codec.recorded(player.cursor.engine)) == rep.final
    assert player.board.ctl.phase == "banner"      # the table's G'NERTS banner at the end


def test_f9_lists_the_face_down_cards_of_every_pile_and_stack(menu_app):
    app = menu_app
    rep = recorded_round(app, partners=True)
    player = ReplayPlayer(app, replays.verify(rep, nerts_codec))
    app.push(player)
    while player.cursor.position < player.cursor.length // 2:
        player.step(1)
    board = player.board
    rnd = nerts_codec.recorded(player.cursor.engine)
    hidden = under_stacks(app, board)
    app.key(key_event(pygame.K_F9))
    assert board.drawing.show_hidden
    shown = under_stacks(app, board)
    for side, (a, b) in enumerate(zip(hidden, shown)):
        lay = rnd.layouts[side]
        assert same(a, b) == (not lay.stack and len(lay.pile) < 2), f"side {side}"
    app.run(max_frames=1)
    app.key(key_event(pygame.K_F9))
    assert all(same(a, b) for a, b in zip(hidden, under_stacks(app, board)))


def test_the_plays_box_shows_the_plays_up_to_the_position_however_it_is_reached(menu_app):
    app = menu_app
    rep = recorded_round(app)
    player = ReplayPlayer(app, replays.verify(rep, nerts_codec))
    app.push(player)
    feeds = []
    while not player.at_end:
        player.step(1)
        feeds.append(list(player.board.ctl.feed))
    assert feeds[-1] and all(a == b[:len(a)] for a, b in zip(feeds, feeds[1:]))
    scored = sum(len(f) for f in nerts_codec.recorded(player.cursor.engine).foundations)
    assert len(feeds[-1]) == scored
    for position in (len(feeds) // 2, 3, len(feeds)):      # a jump, as the gallery makes
        player.cursor.seek(position)
        player._show()
        assert player.board.ctl.feed == feeds[position - 1]
    player.step(-1)
    assert player.board.ctl.feed == feeds[-2]
