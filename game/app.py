"""The application: window, settings, sound, text, the scene stack and the main loop."""

from __future__ import annotations

import os
import random
import sys
import time
from concurrent.futures import Executor, ThreadPoolExecutor

import pygame

from .audio.mixer import Audio
from .data.online_seat import NAME as SEAT_FILE, SeatStore
from .data.profiles import Profile, ProfileStore
from .data.settings import Settings, SettingsStore
from . import assets, i18n
from .i18n import Translator
from .pad import PAD_EVENTS, Pads
from .render import prompts, text, theme
from .render.widgets import panel
from .scenes.common.base import SceneStack
from .scenes.flow import Flow

TITLE = "Sea Battle — Морской бой"
FPS = 60
MIN_SIZE = (640, 480)
REPEAT_GAP = 0.5   # seconds: key repeats come faster than this (pygame.key.set_repeat(300, 40))


class App:
    def __init__(self, size: tuple[int, int] | None = None, settings_path=None,
                 seed: int | None = None, audio: bool = True, thinker: Executor | None = None):
        self.store = SettingsStore(settings_path)
        self.settings: Settings = self.store.load()
        self.notices: list[list] = [[p, 8.0] for p in self.store.problems]
        self.seats = SeatStore(self.store.path.parent / SEAT_FILE)   # an online seat kept
        self.seed_source = random.Random(seed if seed is not None else int.from_bytes(os.urandom(8), "little"))
        pygame.display.init()
        icon = assets.image("icon/seabattle-64.png")     # the window's (a missing one is said)
        if icon is not None:
            pygame.display.set_icon(icon)
        pygame.font.init()
        pygame.key.set_repeat(300, 40)
        self.size = tuple(size or self.settings.window)
        self.time = 0.0
        self.keys_down: set[int] = set()   # keys pressed and not yet released
        self.window_made = 0               # how many times the window was made
        self.windowed = None               # the window's size while the full screen is on
        self.screen = self._open_window(self.settings.fullscreen and size is None)
        pygame.display.set_caption(TITLE)
        # game controllers (game/pad.py): what was used last names the prompts' keys
        self.input_device = "keys"
        prompts.use("keys")     # the process's prompts too (a window before may have used a pad)
        self.pads = Pads(self._pad_keys)
        self.tr = Translator(self.settings.language)
        self._report_translation_problems()
        self._configure_view()
        self.audio = Audio(self.settings.effects_volume, self.settings.muted,
                           music_volume=self.settings.music_volume,
                           style=self.settings.sound_style)
        if audio:
            self.audio.start()
        self.profiles = ProfileStore()
        self.levels_dir = None   # the campaign's levels (None: the shipped ones, game.resources)
        self.scenes = SceneStack()
        self.flow = Flow(self)    # the order of screens (game/scenes/flow.py)
        # the one worker the computers think in, which the battle screens are given: numpy lets
        # go of the interpreter, so the sea keeps moving while the strongest admirals weigh
        # thousands of fleets (the monkey and the frames bench pass one that decides at once,
        # ``game.monkey.Synchronous``, so their runs reproduce)
        self.thinker = thinker if thinker is not None else ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="admiral")
        self.clock = pygame.time.Clock()
        self.running = True

    # -- window --
    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        # sizes reported for the window being replaced are stale (see ``step``)
        pygame.event.clear(pygame.VIDEORESIZE)
        self.window_made += 1
        if fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        self.size = screen.get_size()
        # A window made again reports the pointer where it now lies (a motion nobody made), and
        # a key held through the change may repeat: neither may act on the new window, or the
        # menu row under a resting pointer would take the next key (issue 18).
        self.stale_keys = {k: self.time for k in self.keys_down}
        self.pointer_anchor: tuple | None = None
        self.pointer_settled = self.window_made == 1
        return screen

    def set_fullscreen(self, on: bool) -> None:
        """Full screen, or back to the window it left at the size it had (a window opened at
        ``--size`` is not the saved one, issue 33)."""
        if on and not self.settings.fullscreen:
            self.windowed = self.size
        self.settings.fullscreen = on
        if not on:
            self.size = tuple(self.windowed or self.settings.window)
        self.screen = self._open_window(on)

    def set_window_size(self, size) -> None:
        """A window size chosen in the settings: remembered, and applied at once in a window."""
        self.settings.window = [int(size[0]), int(size[1])]
        self.windowed = tuple(self.settings.window)
        if not self.settings.fullscreen:
            self.size = tuple(self.settings.window)
            self.screen = self._open_window(False)

    def resized(self, size) -> None:
        """Follow the window; below 640x480 text would stop being readable, so grow it back."""
        self.size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if not self.settings.fullscreen:
            self.settings.window = list(self.size)
        if tuple(size) != self.size:
            self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        else:
            self.screen = pygame.display.get_surface()

    def _stale_input(self, event) -> bool:
        """Input left over from before the window was made again (see ``_open_window``)."""
        if event.type == pygame.KEYUP:
            self.keys_down.discard(event.key)
            self.stale_keys.pop(event.key, None)
        elif event.type == pygame.KEYDOWN:
            last = self.stale_keys.get(event.key)
            if last is not None:
                if self.time - last < REPEAT_GAP:   # still held: a repeat
                    self.stale_keys[event.key] = self.time
                    return True
                del self.stale_keys[event.key]      # a new press whose release went unseen
            self.keys_down.add(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.keys_down.clear()
            self.stale_keys = {}
        elif event.type == pygame.MOUSEMOTION and not self.pointer_settled:
            if self.pointer_anchor is None:
                self.pointer_anchor = tuple(event.pos)
                return True
            dx = event.pos[0] - self.pointer_anchor[0]
            dy = event.pos[1] - self.pointer_anchor[1]
            if dx * dx + dy * dy < 9:
                return True
            self.pointer_settled = True
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            self.pointer_settled = True
        return False

    # -- services --
    def profile(self, name: str = "") -> Profile:
        """The current player's profile (what the computer admirals remember of him)."""
        profile = self.profiles.load(self.settings.profile, name)
        while self.profiles.problems:
            self.notify(self.profiles.problems.pop(0), 8.0)
        return profile

    def captain_name(self, name: str = "") -> str:
        """The current captain's name as he wrote it: ``name`` (his voyage's), else his
        profile's (never the file's lower-case key, when a name was given); the unnamed
        default player is "you"."""
        key = self.settings.profile
        name = name or self.profile().name
        if not name or name == key:
            name = self.tr("setup.you") if key == "player" else (name or key)
        return name

    def save_profile(self, profile: Profile) -> None:
        try:
            self.profiles.save(profile)
        except OSError as exc:
            self.notify(self.tr("notice.profile_not_saved", error=exc.strerror or str(exc)))

    def new_seed(self) -> int:
        return self.seed_source.getrandbits(32)

    def sound(self, name: str, volume: float = 1.0, pan: float = 0.0) -> None:
        self.audio.play(name, volume, pan)

    def music_wanted(self) -> str:
        """The music the screens ask for: the topmost scene that says (its ``music``: a track of
        ``game.audio.music.TRACKS``, or "" for silence) decides; no scene says: none."""
        for scene in reversed(list(self.scenes)):
            music = getattr(scene, "music", None)
            if music is not None:
                return music
        return ""

    def _play_music(self) -> None:
        self.audio.set_music(self.music_wanted())
        self.audio.update()
        while self.audio.problems:   # a missing or broken score: said once, the game goes on
            self.notify(self.audio.problems.pop(0), 8.0)

    def notify(self, message: str, seconds: float = 4.0) -> None:
        self.notices.append([message, seconds])

    def _report_asset_problems(self) -> None:
        """A notice, once per asset, for each shipped file that was missing or broken."""
        while assets.problems:
            name, problem = assets.problems.pop(0)
            if problem == assets.MISSING:
                self.notify(self.tr("notice.asset_missing", name=name), 8.0)
            else:
                self.notify(self.tr("notice.asset", name=name, problem=problem), 8.0)

    def _report_translation_problems(self) -> None:
        self.tr("title")  # loads the tables of the language and of English
        while i18n.problems:
            self.notify(i18n.problems.pop(0), 8.0)

    def _configure_view(self) -> None:
        """Issue 38: the palette, the text and interface scale, and reduced motion."""
        s = self.settings
        theme.configure(s.colour_vision, s.ui_scale, s.reduced_motion)

    def apply_settings(self) -> None:
        """Make changed settings take effect now (language, sound, palette, scale, motion)."""
        self.tr = Translator(self.settings.language, pad=self.input_device == "pad")
        self._report_translation_problems()
        self._configure_view()
        for scene in self.scenes:   # names the game gave follow the language (issue 18)
            match = getattr(scene, "match", None)
            if hasattr(match, "translate"):
                match.translate(self.tr)
        self.audio.set_volume(self.settings.effects_volume)
        self.audio.set_music_volume(self.settings.music_volume)
        self.audio.set_style(self.settings.sound_style)
        self.audio.set_muted(self.settings.muted)

    def save_settings(self) -> None:
        try:
            self.store.save(self.settings)
        except OSError as exc:
            self.notify(self.tr("notice.settings_not_saved", error=exc.strerror or str(exc)))

    # -- controllers --
    def _pad_keys(self) -> dict:
        top = self.scenes.top
        return top.pad_keys() if top is not None else {}

    def use_device(self, device: str) -> None:
        """"keys" or "pad": the device used last, whose keys or buttons the prompts name."""
        if device == self.input_device:
            return
        self.input_device = device
        self.tr.pad = device == "pad"
        prompts.use(device, self._pad_keys if device == "pad" else None)

    def _pad_event(self, event) -> None:
        """A controller's event: a device added or removed is said; a button or the stick
        becomes the keys it stands for, handled as if typed."""
        presses, change = self.pads.translate(event)
        if change:
            self.notify(self.tr("notice.pad_added" if change == "added" else
                                "notice.pad_removed"), 2.5)
        if presses:
            self.use_device("pad")
        for e in presses:
            self.handle(e)
            if not self.running:
                return

    # -- loop --
    def handle(self, event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resized(event.size)
            return
        if event.type in PAD_EVENTS:
            self._pad_event(event)
            return
        if event.type == pygame.WINDOWFOCUSLOST:
            self.pads.release_all()     # as the keyboard's keys are forgotten
        if self._stale_input(event):
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and \
                not getattr(event, "pad", False):
            self.use_device("keys")
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.set_fullscreen(not self.settings.fullscreen)
                self.save_settings()
                return
            if event.key == pygame.K_m and event.mod & pygame.KMOD_CTRL:
                self.settings.muted = not self.settings.muted
                self.apply_settings()
                self.save_settings()
                self.notify(self.tr("notice.muted" if self.settings.muted else "notice.unmuted"), 1.5)
                return
        self.scenes.handle(event)

    def step(self, dt: float, events=None) -> None:
        """One frame: events, time, drawing (tests and benchmarks call this directly)."""
        made = self.window_made
        for event in (pygame.event.get() if events is None else events):
            if event.type == pygame.VIDEORESIZE and self.window_made != made:
                continue   # the size of the window made before this frame's F11 (issue 18)
            self.handle(event)
            if not self.running:
                return
        for event in self.pads.update(dt):    # a held direction repeats
            self.handle(event)
            if not self.running:
                return
        self.time += dt
        self.scenes.update(dt)
        if assets.problems:
            self._report_asset_problems()
        for n in self.notices:
            n[1] -= dt
        self.notices = [n for n in self.notices if n[1] > 0]
        self.draw()
        self._play_music()

    def draw(self) -> None:
        self.screen.fill(theme.BG)
        self.scenes.draw(self.screen)
        self._draw_notices()

    def _draw_notices(self) -> None:
        if not self.notices:
            return
        px = theme.font_px(self.size, 20)
        w = int(self.size[0] * 0.8)
        y = self.size[1] - 10
        for message, _ in reversed(self.notices[-3:]):
            lines = text.wrap(message, px, w - 24)
            h = len(lines) * int(px * 1.25) + 14
            rect = pygame.Rect(0, 0, w, h)
            rect.midbottom = (self.size[0] // 2, y)
            panel(self.screen, rect, 235, theme.ACCENT)
            for i, line in enumerate(lines):
                text.draw(self.screen, line, (rect.x + 12, rect.y + 7 + i * int(px * 1.25)), px,
                          theme.TEXT)
            y = rect.y - 6

    def quit(self) -> None:
        self.running = False
        while len(self.scenes):
            self.scenes.pop()
        self.save_settings()

    def run(self, first_frame_hook=None) -> None:
        while self.running:
            dt = min(self.clock.tick(FPS) / 1000.0, 0.1)
            self.step(dt)
            if not self.running:
                break
            pygame.display.flip()
            if first_frame_hook:
                first_frame_hook()
                first_frame_hook = None
        self.audio.stop()
        pygame.quit()


def launch(size: tuple[int, int] | None = None, seed: int | None = None, lang: str | None = None,
           resume: bool = True, thinker: Executor | None = None) -> App:
    """The game as ``main.py`` opens it: the window, the title screen, and (with ``resume``) the
    offer to resume a campaign battle left when the window closed. The monkey
    (``game.monkey``) starts the game here too, so it plays the game a person starts
    (``thinker``: its computers' worker, as ``App``'s)."""
    app = App(size=size, seed=seed, thinker=thinker)
    if lang:
        app.settings.language = lang
        app.apply_settings()
    app.flow.opening(resume)
    return app


def main(argv=None) -> int:
    import argparse

    # main.py in a clone, seabattle installed (its usage names the command that ran it)
    prog = "python -m game" if sys.argv[0].endswith("__main__.py") else None
    parser = argparse.ArgumentParser(prog=prog, description="Sea Battle — Морской бой")
    parser.add_argument("--seed", type=int, help="seed every game and opponent from this number")
    parser.add_argument("--size", help="window size, e.g. 1280x720")
    parser.add_argument("--lang", help="language for this run (ru, uk, en, no)")
    parser.add_argument("--first-frame-exit", action="store_true",
                        help="print the time to the first frame and exit (startup benchmark)")
    parser.add_argument("--install-desktop", action="store_true",
                        help="Linux: put the game with its icon in this user's desktop menu")
    parser.add_argument("--uninstall-desktop", action="store_true",
                        help="Linux: take it out of the menu again")
    args = parser.parse_args(argv)
    if args.install_desktop or args.uninstall_desktop:
        from . import desktop
        done = desktop.install() if args.install_desktop else desktop.uninstall()
        print("\n".join(str(path) for path in done) or "nothing to take away")
        return 0
    size = None
    if args.size:
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
            size = (max(640, w), max(480, h))
        except ValueError:
            parser.error(f"--size: expected WIDTHxHEIGHT, like 1280x720, got {args.size!r}")
    app = launch(size, args.seed, args.lang, resume=not args.first_frame_exit)
    hook = None
    if args.first_frame_exit:
        t0 = float(os.environ.get("SEABATTLE_T0", time.time()))

        def hook():
            print(f"first_frame_ms {1000 * (time.time() - t0):.1f}", flush=True)
            app.running = False
    app.run(hook)
    return 0
