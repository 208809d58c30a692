"""The notebook widget in a real JupyterLab (when jupyterlab is installed:
`pip install jupyterlab`; `cargo xtask test` does not install it, so this
test is skipped there and says so). A JupyterLab server on a free port
opens a notebook whose cell is `cgt.explore(...)`; headless Chromium (the
chromedriver harness of `crates/cgt/tests/browser/explore_page.py`) runs
it and reads the widget's value, types into its expression box (the keys
go to the box, not to JupyterLab's shortcuts), enters a position and
starts a game, through the real kernel and anywidget's own front end. The
screenshot goes to target/explore-screenshots/widget-jupyterlab.png."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import cgt

pytest.importorskip("anywidget", reason="anywidget is not installed (pip install 'cgt[widget]')")
pytest.importorskip("jupyterlab", reason="jupyterlab is not installed (pip install jupyterlab to run this test)")

ROOT = Path(__file__).resolve().parents[3]
HARNESS = ROOT / "crates" / "cgt" / "tests" / "browser" / "explore_page.py"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
if not (CHROMIUM and CHROMEDRIVER):
    pytest.skip("needs chromium and chromedriver on PATH", allow_module_level=True)

# The first element of an output area with a shadow root: the widget's.
FIND = (
    "const hosts = Array.from(document.querySelectorAll('.jp-OutputArea-output *')).filter(e => e.shadowRoot);"
    "const r = hosts.length ? hosts[0].shadowRoot : null;"
)


def test_the_widget_in_jupyterlab(tmp_path):
    spec = importlib.util.spec_from_file_location("explore_page", HARNESS)
    harness = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(harness)
    start = "...|...|..."
    cell = f"import cgt\ncgt.explore(cgt.ruleset('domineering')({start!r}))"
    notebook = {
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": cell}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (tmp_path / "explore.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    port = harness.free_port()
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
        "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={tmp_path}",
        "--LabApp.expose_app_in_browser=True",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    # Jupyter's and IPython's files (secrets, workspaces, profiles) in the
    # test's folder, not the user's home.
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
        JUPYTER_DATA_DIR=str(tmp_path / "data"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
        IPYTHONDIR=str(tmp_path / "ipython"),
    )
    log = open(tmp_path / "lab.log", "w")
    lab = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    driver = None
    try:
        deadline = time.time() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 1).close()
                break
            except OSError:
                assert lab.poll() is None and time.time() < deadline, (tmp_path / "lab.log").read_text()
                time.sleep(0.2)
        driver = d = harness.Driver(CHROMIUM, CHROMEDRIVER)
        d.go(f"http://127.0.0.1:{port}/lab/tree/explore.ipynb")
        d.wait(
            "return !!(window.jupyterapp && document.querySelector('.jp-Notebook .jp-Cell'))",
            timeout=90,
            what="JupyterLab and the notebook",
        )
        # Run the cell once the notebook's kernel is up and idle.
        d.wait(
            "const w = window.jupyterapp.shell.currentWidget;"
            "const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;"
            "return !!k && k.status === 'idle';",
            timeout=90,
            what="the kernel",
        )
        d.run("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        value = d.wait(
            FIND + "const v = r && r.querySelector('#value td[data-key=value]'); return v && v.textContent;",
            timeout=120,
            what="the value in the widget",
        )
        assert value == str(cgt.ruleset("domineering")(start).value)
        d.wait(FIND + "return r.querySelectorAll('#tree > li > ul > li .node').length > 0", what="the tree")

        # Keys typed in the box are text, not JupyterLab's shortcuts ("a", "b" add cells).
        cells = d.run("return document.querySelectorAll('.jp-Cell').length")
        d.run(FIND + "const i = r.getElementById('expr'); i.focus(); i.select();")
        keys = [{"type": kind, "value": c} for c in "a+b*" for kind in ("keyDown", "keyUp")]
        d.command("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": keys}]})
        d.wait(FIND + "return r.getElementById('expr').value === 'a+b*'", what="the typed text")
        assert d.run("return document.querySelectorAll('.jp-Cell').length") == cells

        expr = "clobber(xo.|oxx)"
        d.run(FIND + "r.getElementById('expr').value = arguments[0]; r.getElementById('go').click();", expr)
        shown = d.wait(
            FIND + "const v = r.querySelector('#value td[data-key=value]');"
            "return r.getElementById('expr').value === arguments[0] && v && v.textContent;",
            expr,
            what=f"the value of {expr}",
        )
        assert shown == str(cgt.ruleset("clobber")("xo.|oxx").value)
        d.run(FIND + "r.getElementById('play-start').click();")
        status = d.wait(FIND + "return r.getElementById('play-status').textContent", what="play")
        assert "wins from here with perfect play" in status, status
        target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "explore-screenshots"
        target.mkdir(parents=True, exist_ok=True)
        d.screenshot(str(target / "widget-jupyterlab.png"))
    finally:
        if driver is not None:
            driver.quit()
        lab.terminate()
        try:
            lab.wait(20)
        except subprocess.TimeoutExpired:
            lab.kill()
            lab.wait()
        log.close()
