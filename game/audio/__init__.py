"""The game's sound: every effect is synthesised at start-up, no audio files are shipped.

``game.audio.synth`` builds the sounds as numpy arrays (numpy and the standard library only, so it
can be used and tested without pygame); ``game.audio.mixer.Audio`` hands them to ``pygame.mixer``
and falls silent, without raising, on a machine that has no audio device.
"""
