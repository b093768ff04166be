"""What stands between a client and the tables: bodies read with a size limit and checked
against a small schema, answers in words for everything refused, and rate limits.

Nothing a client sends reaches Python's own error wording: a body that is not JSON, a field of
the wrong type, an unknown field each get a sentence written here.
"""
from __future__ import annotations

import json
import time

MAX_BODY = 16 * 1024          # bytes: a table's creation is the largest body, well under 1 KB
MAX_TEXT = 200                # characters of an action, a rule file's name, an option's value


class Refused(Exception):
    """A request refused: its HTTP status and the reason in words (and fields for the body)."""

    def __init__(self, status: int, message: str, **extra):
        super().__init__(message)
        self.status, self.message, self.extra = status, message, extra

    def body(self) -> dict:
        return {"error": self.message, **self.extra}


# -- schemas -------------------------------------------------------------------------------------

class Field:
    """One field of a body: its kind in words and a test; `required` or not."""

    def __init__(self, kind: str, test, required: bool = False):
        self.kind, self.test, self.required = kind, test, required


def _text(value) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_TEXT and value.isprintable()


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1 << 31


def _scalar(value) -> bool:
    return isinstance(value, (bool, int, float)) or _text(value)


def _options(value) -> bool:
    return isinstance(value, dict) and len(value) <= 50 and all(_text(k) and _scalar(v) for k, v in value.items())


def _seats(value) -> bool:
    return isinstance(value, list) and 0 < len(value) <= 26 and all(_text(s) for s in value)


WHOLE = Field("a whole number", _whole)

CREATE = {
    "rules": Field("the name of a rule file (GET /api/rules lists them)", _text, required=True),
    "players": WHOLE,
    "options": Field("an object of option names to values (true/false, numbers, texts)", _options),
    "seats": Field('a list with one entry per seat: "human", "open" or a bot such as "ismcts:0.5"', _seats),
}
ACTION = {"action": Field("an action's text of at most 200 printable characters, such as \"play QS\"", _text,
                          required=True),
          "version": WHOLE}
JOIN = {"seat": Field("a seat's letter, such as \"B\"", _text)}
STAND_IN = {"seat": Field("a seat's letter, such as \"B\"", _text, required=True)}
WHY = {"action": ACTION["action"]}
NAME = {"name": Field("a name of at most 24 printable characters (empty: none)",
                     lambda v: isinstance(v, str) and len(v) <= 24 and v.isprintable(), required=True)}
SAY = {"text": Field("a message of at most 200 printable characters, on one line", _text, required=True)}


def check(body, schema: dict) -> dict:
    """`body` if it is an object holding only the fields of `schema`, each as described."""
    if not isinstance(body, dict):
        raise Refused(400, "the body must be a JSON object, such as " + _example(schema))
    unknown = [name for name in body if name not in schema]
    if unknown:
        raise Refused(400, f"unknown field '{_clip(unknown[0])}'; the fields are: {', '.join(schema)}")
    for name, field in schema.items():
        if name not in body:
            if field.required:
                raise Refused(400, f"the field '{name}' is missing: {field.kind}")
        elif not field.test(body[name]):
            raise Refused(400, f"'{name}' must be {field.kind}")
    return body


def _example(schema: dict) -> str:
    return "{" + ", ".join(f'"{name}": …' for name, f in schema.items() if f.required) + "}"


def _clip(text: str, limit: int = 40) -> str:
    """A client's text quoted back: short, printable."""
    text = "".join(ch if ch.isprintable() else "?" for ch in str(text))
    return text if len(text) <= limit else text[:limit] + "…"


async def read_json(request, schema: dict) -> dict:
    """The request's body, at most MAX_BODY bytes, parsed and checked against `schema`."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise Refused(413, f"the body is too large: at most {MAX_BODY} bytes")
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise Refused(413, f"the body is too large: at most {MAX_BODY} bytes")
    return check(parse(bytes(raw)), schema)


def parse(raw: bytes | str):
    """JSON text as a value, or Refused saying where it stops being JSON."""
    if not raw:
        raise Refused(400, "the body is empty: send a JSON object")
    try:
        return json.loads(raw.decode("utf-8") if isinstance(raw, bytes) else raw, parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise Refused(400, "the body is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise Refused(400, f"the body is not valid JSON (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise Refused(400, "the body is nested too deeply") from None
    except ValueError:             # a number of thousands of digits, NaN or Infinity
        raise Refused(400, "the body holds a number JSON does not allow or too long to read") from None


def _no_constant(name: str):
    raise ValueError(name)


# -- rate limits -----------------------------------------------------------------------------------

class Bucket:
    """A token bucket: `rate` a second on average, `burst` at once."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst, self.tokens, self.stamp = rate, burst, burst, time.monotonic()

    def take(self, cost: float = 1.0) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True


class Limiter:
    """One bucket per client address; `rate` 0 turns the limit off."""

    MAX_CLIENTS = 10_000           # buckets kept; the oldest are forgotten beyond that

    def __init__(self, rate: float, burst: float | None = None):
        self.rate, self.burst = rate, burst if burst is not None else rate * 4
        self.buckets: dict[str, Bucket] = {}

    def allow(self, client: str) -> bool:
        if self.rate <= 0:
            return True
        bucket = self.buckets.get(client)
        if bucket is None:
            if len(self.buckets) >= self.MAX_CLIENTS:
                self.buckets.pop(next(iter(self.buckets)))
            bucket = self.buckets[client] = Bucket(self.rate, self.burst)
        return bucket.take()
