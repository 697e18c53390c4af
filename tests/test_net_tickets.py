"""Match tickets (issue 37, part 4): read back as made; a changed, expired, foreign or garbage
ticket is a coded refusal, never a traceback."""

from __future__ import annotations

import pytest

from game.net import tickets
from game.net.protocol import ProtocolError

KEY, OTHER = b"k" * 32, b"o" * 32
DATA = {"match": "0123456789abcdef", "room": "ABCDEF", "kind": "k", "players":
        [{"id": "a" * 64, "name": "Анна", "rating": 1500}, {"id": "b" * 64, "name": "B",
                                                             "rating": 1610}], "made": 100.0}


def code_of(text, key=KEY, now=150.0) -> str:
    with pytest.raises(ProtocolError) as caught:
        tickets.read(key, text, now)
    return caught.value.code


def test_a_ticket_reads_back_as_it_was_made_until_it_expires():
    ticket = tickets.make(KEY, DATA)
    assert tickets.read(KEY, ticket, 150.0) == DATA
    assert tickets.read(KEY, ticket, 100.0 + tickets.LIFE) == DATA
    assert code_of(ticket, now=100.1 + tickets.LIFE) == "ticket_expired"


def test_a_changed_foreign_or_garbage_ticket_is_refused_by_its_code():
    ticket = tickets.make(KEY, DATA)
    body, sig = ticket.split(".")
    forged = tickets.make(KEY, DATA | {"room": "ZZZZZZ"}).split(".")[0]
    assert code_of(ticket, key=OTHER) == "bad_ticket"                    # another server's key
    assert code_of(f"{forged}.{sig}") == "bad_ticket"                   # the data changed
    assert code_of(f"{body}.{sig[:-1]}0" if sig[-1] != "0" else f"{body}.{sig[:-1]}1") \
        == "bad_ticket"
    unsigned = tickets.make(KEY, {"made": "yesterday"})
    for junk in (None, 7, "", ".", "a.b.c", "x" * 5000, body, f"{body}.", f"{body}.é\ud800",
                 f"é{body}.{sig}", "!!!." + tickets._sign(KEY, "!!!"),
                 "e30." + tickets._sign(KEY, "e30"),          # {} : no "made"
                 "W10." + tickets._sign(KEY, "W10"),          # [] : not an object
                 unsigned):
        assert code_of(junk) == "bad_ticket", junk
