"""A recorded Gin hand played back on GIN!'s own table (game/gin/replay_board.py): to
its end through the Replays scene's player, every frame drawn (text overflow checked);
the recorded player's cards face up, the computer's face down until F9; what each
move did, as the notes say it; and nothing of a live table happens (no save, no
statistics, no speech)."""
from __future__ import annotations

import copy

import pygame

from game import card_art
from game import palette as P
from game.cards import Card
from game.gin import replay_board
from game.gin import replay_codec as gin_codec
from game.gin.ai import make_ai
from game.gin.arrangement import sort_for_hand
from game.gin.table_draw import CH, CPU_X0, CPU_Y, CW, HAND_X0, HAND_Y
from game.replays import verify
from game.scenes.replay_player import ReplayPlayer
from tests.gin_replay_helpers import new_table, play
from tests.helpers import post_keys, run_until


def recorded_hand(app, seed=42):
    t = new_table(app, seed, level="hard")
    play(t, make_ai("normal", seed))
    app.storage.remove("gin.json")
    return t.ctl.recording.last_replay, t


def region(canvas, x, y) -> bytes:
    return pygame.image.tobytes(canvas.subsurface((x, y, CW, CH)), "RGB")


def card_picture(app, surface) -> bytes:
    pic = pygame.Surface((CW, CH))
    pic.fill(P.PALETTE[app.options["colour.table"]])
    pic.blit(surface, (0, 0))
    return pygame.image.tobytes(pic, "RGB")


def test_a_hand_plays_back_to_its_end_with_every_frame_drawn(app):
    rep, t = recorded_hand(app)
    stats = copy.deepcopy(app.stats.data)
    said = []
    app.say = lambda text, interrupt=False: said.append(text)
    player = ReplayPlayer(app, verify(rep, gin_codec))
    app.replace(player)       # the table leaves the screen (it is not pushed again)
    post_keys("+", "+", "+", "+")                     # 8x
    app.run(max_frames=2)
    assert player.speed == 8.0
    lines = set()
    assert run_until(app, lambda: lines.add(player.line) or player.at_end, limit=5000)
    app.run(max_frames=2)
    table = player.board.table
    assert table.game.to_json() == t.ctl.game.to_json()
    assert table.mode == "result" and "End: " + rep.result in player.line
    assert len(lines) > 10                            # a line for each move on the way
    assert not app.storage.exists("gin.json") and app.stats.data == stats
    assert all(text == player.line or text in lines or text.startswith("The deal") for text in said)


def test_the_players_cards_are_face_up_the_computers_hidden_until_f9(app):
    rep, _ = recorded_hand(app, seed=7)
    player = ReplayPlayer(app, verify(rep, gin_codec))
    app.replace(player)       # the table leaves the screen (it is not pushed again)
    post_keys(pygame.K_SPACE)                         # pause at the deal
    app.run(max_frames=2)
    for _ in range(5):
        player.step(1)
    app.run(max_frames=1)
    table, canvas, col = player.board.table, app.canvas, app.options
    hand = table.game.hands[1]
    assert table.game.phase in ("draw", "discard")
    back = card_picture(app, card_art.back(0, "normal", col["colour.back"]))
    first_cpu = card_picture(app, card_art.face(sort_for_hand(hand)[0], "normal", col["colour.face"]))
    mine = card_picture(app, card_art.face(table.order[0], "normal", col["colour.face"]))
    assert region(canvas, CPU_X0, CPU_Y) == back
    assert region(canvas, HAND_X0, HAND_Y) == mine
    post_keys(pygame.K_F9)
    app.run(max_frames=2)
    assert player.show_all and region(canvas, CPU_X0, CPU_Y) == first_cpu
    post_keys(pygame.K_F9)
    app.run(max_frames=2)
    assert region(canvas, CPU_X0, CPU_Y) == back


def test_a_card_drawn_from_the_stock_is_named_only_when_seen(app):
    rep, _ = recorded_hand(app, seed=2024)
    player = ReplayPlayer(app, verify(rep, gin_codec))
    cursor = player.cursor
    checked = set()
    while player.step(1) is not False:
        ev = cursor.events[0]
        if ev.kind != "draw_stock":
            continue
        name = replay_board.card_text(Card.parse(ev.get("card")))
        if ev.seat == 0:                               # the recorded player sees his own draw
            assert name in player.line
            assert player.board.table.picked == Card.parse(ev.get("card"))
        else:
            assert name not in player.line and "draws from the Stock" in player.line
            player.toggle_hands()
            assert name in player.line
            player.toggle_hands()
        checked.add(ev.seat)
    assert checked == {0, 1}


def test_stepping_back_shows_the_same_table_as_going_forward(app):
    rep, _ = recorded_hand(app, seed=42)
    player = ReplayPlayer(app, verify(rep, gin_codec))
    forward = []
    while player.step(1) is not False:
        player.draw(app.canvas)
        forward.append((player.line, pygame.image.tobytes(app.canvas, "RGB")))
    for k in range(len(forward) - 2, -1, -1):
        player.step(-1)
        player.draw(app.canvas)
        assert (player.line, pygame.image.tobytes(app.canvas, "RGB")) == forward[k]
