"""`ruledsl serve`: the web table (ruledsl/web), for people and bots in their browsers."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from .common import ExistingPath

INSTALL = "ruledsl serve needs the web extra: pip install 'ruledsl[web]'"


def _default_db() -> Path:
    from platformdirs import user_data_dir
    return Path(user_data_dir("ruledsl")) / "tables.sqlite"


@click.command()
@click.argument("folders", nargs=-1, type=ExistingPath(dir_okay=True, file_okay=False))
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="The port to listen on.")
@click.option("--db", type=click.Path(dir_okay=False), help="The SQLite file of the tables "
              "(default: tables.sqlite in your data folder).")
@click.option("--rate", default=20.0, show_default=True, type=click.FloatRange(0),
              help="Requests a second one address may make (0: no limit).")
@click.option("--bot-pause", default=0.6, show_default=True, type=click.FloatRange(0, 10),
              help="Seconds before a computer player moves, so that people can follow.")
def serve(folders, host, port, db, rate, bot_pause):
    """Serve the rule files in FOLDERS (default: the shipped games and examples) as web tables:
    people and computer players at one table, in their browsers. Tables are kept in --db and
    go on after a restart."""
    try:
        import uvicorn

        from ..web.app import create_app
        from ..web.catalog import default_folders
        from ..web.hub import MAX_MESSAGE
    except ImportError:
        click.echo(f"error: {INSTALL}", err=True)
        sys.exit(1)
    folders = list(folders) or default_folders()
    if not folders:
        raise click.UsageError("give the folders of rule files to serve (no games/ or examples/ here)")
    db = Path(db) if db else _default_db()
    app = create_app(folders, db, rate=rate, bot_pause=bot_pause)
    catalog = app.state.catalog
    for report in catalog.broken:
        click.echo(report, err=True)
    if not catalog.entries:
        click.echo("error: no rule file to serve in " + ", ".join(map(str, folders)), err=True)
        sys.exit(1)
    click.echo(f"Serving {len(catalog.entries)} rule files from {', '.join(map(str, folders))}; tables in {db}")
    click.echo(f"Open http://{host}:{port}/ in a browser (Ctrl-C stops; the tables are kept).")
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_MESSAGE, log_level="warning")


COMMANDS = (serve,)
