"""Music from note data (game.audio.music), the loops, and how the game plays them (issue 20)."""

import time

import numpy as np
import pygame
import pytest

from game.audio import music, synth
from game.audio.arsenal import AMBIENCE_SECONDS
from game.audio.mixer import FADE_MS, RESERVED, SEA_LEVEL, Audio
from game.scenes.common.curtain import CurtainScene
from game.scenes.classic.gameover import GameOverScene
from game.scenes.common.settings import SettingsScene

from .helpers import key
from .test_scenes import frames, lift_curtain, quick_battle, running_app

RATE = 44100


@pytest.fixture(scope="module")
def loops():
    return {name: synth.synthesize_loop(name, RATE) for name in synth.LOOPS}


# --- the score format ------------------------------------------------------------------------


def test_pitches_are_equal_tempered_from_a440():
    assert music.pitch("A", None, 4) == pytest.approx(440.0)
    assert music.pitch("A", None, 3) == pytest.approx(220.0)
    assert music.pitch("C", None, 4) == pytest.approx(261.63, abs=0.01)
    assert music.pitch("G", "#", 4) == pytest.approx(music.pitch("A", "b", 4))


def test_a_score_reads_notes_rests_drums_repeats_and_comments():
    score = music.parse("""
        # a comment
        tempo 120
        steps 4
        part lead square 0.5   # the tune
        C4-2 G#4-1 r-1 | % |
        part kit kit 0.3
        k-1 s-1 h-2 | r-4 |
    """)
    assert (score.tempo, score.steps, score.bars) == (120.0, 4, 2)
    lead, kit = score.parts
    assert lead.bars[0] == lead.bars[1]
    assert [(at, n) for at, n, _ in lead.bars[0]] == [(0, 2), (2, 1)]
    assert lead.bars[0][1][2] == pytest.approx(music.pitch("G", "#", 4))
    assert kit.bars == [[(0, 1, "k"), (1, 1, "s"), (2, 2, "h")], []]
    assert score.seconds() == pytest.approx(1.0)   # 8 sixteenths at 120 a minute


@pytest.mark.parametrize(("text", "says"), [
    ("steps 4\npart a square 1\nC4-3 |", "line 3: a bar of part 'a' holds 3 steps, not 4"),
    ("steps 4\npart a banjo 1\nC4-4 |", "line 2: expected 'part NAME INSTRUMENT LEVEL'"),
    ("steps 4\npart a square 1\nH4-4 |", "line 3: 'H4-4' is not a note"),
    ("steps 4\npart a kit 1\nC4-4 |", "line 3: 'C4-4' is not a drum"),
    ("steps 4\nC4-4 |", "line 2: notes before the first 'part'"),
    ("steps 4\npart a square 1\nC4-4", "the last bar is not closed"),
    ("steps 4\npart a square 1\n% |", "line 3: '%' repeats a whole bar"),
    ("steps 4\npart a square 1\nC4-4 |\npart b square 1\nC4-4 | C4-4 |", "part 'b' has 2 bars"),
    ("tempo fast", "line 1: 'fast' is not a number"),
    ("tempo 9000", "line 1: tempo 9000 is out of range"),
    ("", "no parts with notes"),
])
def test_a_wrong_score_is_refused_naming_where(text, says):
    with pytest.raises(music.ScoreError) as caught:
        music.parse(text, "x.score")
    assert "x.score" in str(caught.value) and says in str(caught.value)


def test_a_missing_score_is_a_score_error_naming_the_file(tmp_path):
    with pytest.raises(music.ScoreError, match="title.score"):
        music.load("title", tmp_path)


@pytest.mark.parametrize("name", music.TRACKS)
def test_the_shipped_scores_read(name):
    score = music.load(name)
    assert score.bars >= 8 and len(score.parts) >= 3
    assert any(p.instrument == "kit" for p in score.parts)   # a march has its drum


# --- the loops -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", synth.LOOPS)
def test_loop_is_heard_finite_and_starts_and_ends_at_zero(loops, name):
    x = loops[name]
    assert x.dtype == np.float32 and x.ndim == 1 and np.all(np.isfinite(x))
    assert 0.3 <= np.max(np.abs(x)) <= 1.0
    assert abs(x[0]) < 1e-3 and abs(x[-1]) < 1e-3
    edge = int(0.0002 * RATE)   # the seam: a ramp from zero on both sides, not a jump
    assert np.max(np.abs(x[:edge])) < 0.1 and np.max(np.abs(x[-edge:])) < 0.1


@pytest.mark.parametrize("name", music.TRACKS)
def test_music_loop_keeps_time_to_the_sample(loops, name):
    score = music.load(name)
    step = round(RATE * 15.0 / score.tempo)
    assert loops[name].size == score.bars * score.steps * step
    assert abs(loops[name].size / RATE - score.seconds()) < 0.01


def test_music_is_the_same_each_time(loops):
    assert np.array_equal(synth.synthesize_loop("battle", RATE), loops["battle"])


def test_title_and_battle_music_differ(loops):
    assert loops["title"].size != loops["battle"].size or not np.array_equal(
        loops["title"], loops["battle"])


def test_sea_never_falls_silent_between_its_waves(loops):
    x = loops["ambience"].astype(np.float64)
    assert x.size == round(AMBIENCE_SECONDS * RATE)
    block = int(0.1 * RATE)
    rms = np.sqrt((x[: x.size // block * block].reshape(-1, block) ** 2).mean(axis=1))
    inner = rms[10:-10]      # away from the loop's own ends
    assert inner.min() > 0.1 * rms.max()
    assert inner.max() > 2 * inner.min()   # but it swells and falls: waves


def test_unknown_loop_is_a_value_error():
    with pytest.raises(ValueError, match="polka"):
        synth.synthesize_loop("polka")


# --- Audio: music and the sea -------------------------------------------------------------------


def _ready(audio: Audio, name: str) -> None:
    audio.set_music(name)
    audio.render_loops()
    audio.update()


def test_music_plays_on_its_own_channel_and_the_sea_only_under_a_battle(mixer):
    audio = Audio()
    assert audio.start()
    music_channel, sea = pygame.mixer.Channel(0), pygame.mixer.Channel(1)
    _ready(audio, "title")
    assert audio.playing == "title" and music_channel.get_busy() and not sea.get_busy()
    _ready(audio, "battle")
    assert audio.playing == "battle" and music_channel.get_busy() and sea.get_busy()
    audio.set_music("")
    audio.update()
    assert audio.playing is None and not music_channel.get_busy() and not sea.get_busy()


def test_the_loops_reach_the_mixer_sample_for_sample(mixer):
    pygame.mixer.init(frequency=22050, size=-16, channels=2)
    audio = Audio()
    assert audio.start()
    _ready(audio, "battle")
    expected = synth.to_mixer_array(synth.synthesize_loop("battle", 22050), -16, 2)
    assert np.array_equal(pygame.sndarray.array(pygame.mixer.Channel(0).get_sound()), expected)


class Clock:
    """The game's clock, moved by the test (``Audio(clock=...)``)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _faded_in(audio: Audio, clock: Clock, began: dict) -> None:
    """The loops' fade-in over, then the next frame. SDL's mixer thread fades a channel in in
    real time, climbing to one step below the level the channel had when the fade began and
    setting that level exactly at its end: wait for each channel of ``began`` ({channel: that
    level}) to read it exactly (five seconds at most), then move the game's clock past the fade."""
    def over():
        return all(pygame.mixer.Channel(c).get_volume() == int(level * 128) / 128
                   for c, level in began.items())

    deadline = time.monotonic() + 5
    while not over():
        assert time.monotonic() < deadline, "the fade-in never ended"
        time.sleep(0.005)
    clock.now += FADE_MS / 1000
    audio.update()


def _battle_faded_in() -> tuple[Audio, Clock]:
    """Effects at half, music at a quarter: the battle's loops started and faded in."""
    clock = Clock()
    audio = Audio(volume=0.5, music_volume=0.25, clock=clock)
    audio.start()
    _ready(audio, "battle")
    _faded_in(audio, clock, {0: 0.25, 1: 0.5 * SEA_LEVEL})
    return audio, clock


def test_music_volume_and_effects_volume_are_separate(mixer):
    audio, _ = _battle_faded_in()
    assert pygame.mixer.Channel(0).get_volume() == pytest.approx(0.25, abs=0.01)
    sea = pygame.mixer.Channel(1).get_volume()
    assert 0 < sea < 0.5
    audio.set_music_volume(1.0)
    assert pygame.mixer.Channel(0).get_volume() == pytest.approx(1.0, abs=0.01)
    assert pygame.mixer.Channel(1).get_volume() == pytest.approx(sea, abs=0.01)
    audio.set_volume(0.0)
    assert pygame.mixer.Channel(1).get_volume() == 0.0
    assert audio.music_volume == 1.0 and audio.volume == 0.0


def test_the_loops_keep_their_volumes_once_faded_in(mixer):
    """SDL ends a channel's fade-in at the volume the channel had when it began: the levels are
    set before the loops start, and set again once the fade is over (a change made during it
    would be lost). Found as a test that read the volumes mid-fade and failed now and then."""
    audio, clock = _battle_faded_in()
    assert pygame.mixer.Channel(0).get_volume() == pytest.approx(0.25, abs=0.01)
    assert pygame.mixer.Channel(1).get_volume() == pytest.approx(0.5 * SEA_LEVEL, abs=0.01)
    audio.set_music("title")
    audio.update()
    audio.set_music_volume(0.5)            # during the title's fade-in
    _faded_in(audio, clock, {0: 0.25})     # SDL ends it at the level it began at ...
    assert pygame.mixer.Channel(0).get_volume() == pytest.approx(0.5, abs=0.01)   # ... not kept


def test_a_flood_of_effects_never_takes_the_music_channel(mixer):
    audio = Audio()
    audio.start()
    _ready(audio, "battle")
    tune = pygame.mixer.Channel(0).get_sound()
    for _ in range(3 * pygame.mixer.get_num_channels()):
        audio.play("sink")
    assert pygame.mixer.Channel(0).get_sound() is tune and pygame.mixer.Channel(0).get_busy()
    assert pygame.mixer.Channel(1).get_busy()
    busy = sum(pygame.mixer.Channel(i).get_busy()
               for i in range(RESERVED, pygame.mixer.get_num_channels()))
    assert busy == pygame.mixer.get_num_channels() - RESERVED


def test_muting_stops_the_music_and_unmuting_brings_it_back(mixer):
    audio = Audio()
    audio.start()
    _ready(audio, "title")
    audio.set_muted(True)
    audio.update()
    assert not pygame.mixer.Channel(0).get_busy() and audio.playing is None
    audio.set_muted(False)
    audio.update()
    assert pygame.mixer.Channel(0).get_busy() and audio.playing == "title"


def test_music_is_made_after_the_first_frame_and_starts_at_once_then(mixer, tmp_path, monkeypatch):
    for name in music.TRACKS:    # a folder of its own: nothing rendered before in this process
        (tmp_path / f"{name}.score").write_text(
            (music.MUSIC_DIR / f"{name}.score").read_text(encoding="utf-8"), encoding="utf-8")
    made = []
    real = synth.synthesize_loop
    monkeypatch.setattr("game.audio.mixer.synthesize_loop",
                        lambda name, *a, **k: made.append(name) or real(name, *a, **k))
    audio = Audio(music_dir=tmp_path)
    audio.start()
    audio.set_music("title")
    audio.update()                  # the first frame: nothing made yet, nothing held up
    assert made == [] and audio.playing is None
    audio.update()
    assert made == ["title"] and audio.playing == "title"   # only what is wanted: a short wait
    audio.set_music("battle")       # a battle's tune and the sea under it, when first wanted
    audio.update()
    assert sorted(made) == sorted(synth.LOOPS) and audio.playing == "battle"
    again = Audio(music_dir=tmp_path)   # a second Audio in the process: no rendering again
    again.start()
    again.set_music("battle")
    again.update()
    again.update()
    assert len(made) == len(synth.LOOPS) and again.playing == "battle"


def test_missing_scores_mean_no_music_said_once_and_the_effects_play_on(mixer, tmp_path):
    audio = Audio(music_dir=tmp_path)
    audio.start()
    _ready(audio, "battle")
    problems = list(audio.problems)
    assert len(problems) == 2 and all("score" in p for p in problems)   # title and battle
    assert not pygame.mixer.Channel(0).get_busy()
    assert pygame.mixer.Channel(1).get_busy()   # the sea needs no score
    audio.problems.clear()
    _ready(audio, "title")
    assert audio.problems == []
    audio.play("hit")
    assert pygame.mixer.get_busy()


def test_unknown_music_is_a_value_error():
    with pytest.raises(ValueError, match="polka"):
        Audio().set_music("polka")


def test_music_without_a_device_is_silent_and_never_raises(mixer, monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio()
    assert not audio.start()
    audio.set_music("battle")
    audio.update()
    audio.set_music_volume(0.3)
    audio.set_style("1977")
    assert audio.playing is None and audio.music == "battle"


def test_music_survives_the_mixer_closing_under_it(mixer):
    audio = Audio()
    audio.start()
    _ready(audio, "title")
    pygame.mixer.quit()
    audio.set_music("battle")
    audio.update()
    audio.set_music_volume(0.2)
    audio.stop()


def test_the_1977_style_swaps_every_effect(mixer):
    audio = Audio(style="1977")
    assert audio.start() and audio.style == "1977"
    toy_hit = audio._sounds["hit"]
    audio.set_style("modern")
    assert audio._sounds["hit"] is not toy_hit
    assert pygame.sndarray.array(audio._sounds["hit"]).shape[0] != pygame.sndarray.array(
        toy_hit).shape[0]
    audio.set_style("1977")
    assert audio._sounds["hit"] is toy_hit   # made once
    audio.set_style("nonsense")
    assert audio.style == "modern"


# --- the game asks for its music -----------------------------------------------------------------

@pytest.fixture
def app(home):
    yield from running_app((1280, 720), 5)


def test_the_title_plays_its_theme_the_battle_its_loop_the_result_none(app):
    assert app.music_wanted() == "title"
    app.scenes.push(SettingsScene(app))
    assert app.music_wanted() == "title"      # a menu over the title keeps its music
    app.scenes.pop()
    battle = quick_battle(app)
    assert app.music_wanted() == "battle"
    frames(app)
    assert app.audio.music == "battle"
    app.scenes.replace(GameOverScene(app, battle.match, battle.game, 1.0))
    assert app.music_wanted() == ""


def test_the_turn_passing_rings_the_bell_and_the_curtain_swishes(app, monkeypatch):
    heard = []
    monkeypatch.setattr(app, "sound", lambda name, *a, **k: heard.append(name))
    battle = quick_battle(app)
    water = next((x, y) for y in range(10) for x in range(10)
                 if all((x, y) not in s for s in battle.game.ships[1]))
    battle.fire(water)
    assert "turn" not in heard
    for _ in range(600):
        if battle.turn_shown == 1:
            break
        frames(app)
    assert battle.turn_shown == 1 and heard.count("turn") == 1   # the miss passed the turn
    opened = []
    app.scenes.push(CurtainScene(app, "Over to you", lambda: opened.append(1)))
    lift_curtain(app)
    assert opened and "curtain" in heard


def test_settings_screen_sets_each_volume_and_the_style(app):
    scene = SettingsScene(app)
    app.scenes.push(scene)
    frames(app)
    labels = [item.label() for item in scene.menu.items]
    music_row = labels.index(app.tr("settings.music_volume"))
    style_row = labels.index(app.tr("settings.sound_style"))
    scene.menu.index = music_row
    before = app.settings.music_volume
    frames(app, 1, [key(pygame.K_LEFT)])
    assert app.settings.music_volume == pytest.approx(round(before - 0.1, 1))
    assert app.audio.music_volume == pytest.approx(app.settings.music_volume)
    assert app.settings.effects_volume == 0.8
    scene.menu.index = style_row
    frames(app, 1, [key(pygame.K_RIGHT)])
    assert app.settings.sound_style == "1977" and app.audio.style == "1977"
