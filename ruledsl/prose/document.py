"""The blocks a rulebook is built of (headings, paragraphs, lists, tables) and their renderings.

Markdown (`md`) keeps the marks (`code`, **bold**, tables with pipes); plain text (`text`) drops
them, underlines headings and wraps every paragraph and list item at `WIDTH` columns; HTML
(`html`, a fragment for the web table's rules panel) turns the marks into elements, every text
escaped.
"""
from __future__ import annotations

import html
import re
import textwrap

import attrs

WIDTH = 100


@attrs.define
class Item:
    text: str
    children: list = attrs.Factory(list)
    ordered: bool = False          # are the children numbered (steps) or bulleted (facts)?


@attrs.define
class Heading:
    level: int
    text: str


@attrs.define
class Para:
    text: str


@attrs.define
class List:
    items: list
    ordered: bool = False
    start: int = 1                 # the first number of an ordered list


@attrs.define
class Table:
    header: tuple
    rows: list


def render(blocks, fmt: str) -> str:
    """The blocks as Markdown (`md`), an HTML fragment (`html`) or plain text (anything else)."""
    return {"md": Markdown, "html": Html}.get(fmt, PlainText)().render(blocks)


class Renderer:
    """Walks the blocks; a subclass says how each kind of block looks."""

    def render(self, blocks) -> str:
        return "\n\n".join(self.block(block) for block in blocks) + "\n"

    def block(self, block) -> str:
        if isinstance(block, Heading):
            return self.heading(block)
        if isinstance(block, Para):
            return self.para(block)
        if isinstance(block, List):
            return "\n".join(self.items(block.items, block.ordered, "", block.start))
        return self.table(block)

    def items(self, items, ordered: bool, indent: str, start: int = 1) -> list[str]:
        lines = []
        for n, item in enumerate(items, start):
            marker = f"{n}. " if ordered else "- "
            lines.append(self.item(item.text, indent, marker))
            if item.children:
                lines += self.items(item.children, item.ordered, indent + " " * len(marker))
        return lines


class Markdown(Renderer):
    def heading(self, block: Heading) -> str:
        return "#" * block.level + " " + block.text

    def para(self, block: Para) -> str:
        return block.text

    def item(self, text: str, indent: str, marker: str) -> str:
        return f"{indent}{marker}{text}"

    def table(self, block: Table) -> str:
        lines = ["| " + " | ".join(_cell(c) for c in row) + " |" for row in [block.header] + block.rows]
        lines.insert(1, "|" + "|".join("---" for _ in block.header) + "|")
        return "\n".join(lines)


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|") or " "


class PlainText(Renderer):
    def heading(self, block: Heading) -> str:
        text = plain_text(block.text)
        return text + "\n" + "=-~"[min(block.level, 3) - 1] * len(text)

    def para(self, block: Para) -> str:
        return textwrap.fill(plain_text(block.text), WIDTH)

    def item(self, text: str, indent: str, marker: str) -> str:
        return textwrap.fill(plain_text(text), WIDTH, initial_indent=indent + marker,
                             subsequent_indent=indent + " " * len(marker))

    def table(self, block: Table) -> str:
        rows = [tuple(plain_text(c) for c in row) for row in [block.header] + block.rows]
        widths = [max(len(r[i]) for r in rows) for i in range(len(block.header))]
        lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in rows]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(lines)


def plain_text(text: str) -> str:
    return text.replace("**", "").replace("`", "")


class Html(Renderer):
    def render(self, blocks) -> str:
        return "\n".join(self.block(block) for block in blocks) + "\n"

    def block(self, block) -> str:
        if isinstance(block, List):
            return self.list(block.items, block.ordered, block.start)
        return super().block(block)

    def heading(self, block: Heading) -> str:
        level = min(block.level + 1, 6)          # the page has its own h1
        return f"<h{level}>{_inline(block.text)}</h{level}>"

    def para(self, block: Para) -> str:
        return f"<p>{_inline(block.text)}</p>"

    def list(self, items, ordered: bool, start: int = 1) -> str:
        tag = "ol" if ordered else "ul"
        first = f' start="{start}"' if ordered and start != 1 else ""
        body = "".join(f"<li>{_inline(item.text)}"
                       + (self.list(item.children, item.ordered) if item.children else "") + "</li>"
                       for item in items)
        return f"<{tag}{first}>{body}</{tag}>"

    def table(self, block: Table) -> str:
        head = "".join(f"<th>{_inline(str(c))}</th>" for c in block.header)
        rows = "".join("<tr>" + "".join(f"<td>{_inline(str(c))}</td>" for c in row) + "</tr>" for row in block.rows)
        return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def _inline(text: str) -> str:
    """Escaped text with `code` and **bold** as elements."""
    out = html.escape(text, quote=True)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    return re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", out)
