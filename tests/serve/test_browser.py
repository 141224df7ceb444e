"""End to end in a real headless browser at a phone's size: open the page from the running
server, choose the options, upload the Asterion example photo through the file input, read
the score off the page, tap a tile, take a screenshot.

Debian's `chromium` and `chromium-driver`, driven by Selenium given the system driver's
path (so it never downloads one). Skips, naming the install, where there is no browser.
PNP_SERVE_SCREENSHOT=docs/serve-phone.png writes the README's screenshot.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from pnp.serve import ServeConfig, create_app, network
from referee.geometry import project

from .conftest import EXAMPLES, TOKEN, endgame, kill_text

INSTALL = ("no headless browser: apt-get install chromium chromium-driver && "
           "pip install -e '.[test,serve]'")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
PHONE = {"width": 360, "height": 780, "pixelRatio": 2.0}

pytestmark = pytest.mark.skipif(CHROMIUM is None or DRIVER is None, reason=INSTALL)


@pytest.fixture
def browser(tmp_path_factory):
    webdriver = pytest.importorskip("selenium.webdriver", reason=INSTALL)
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--disable-extensions", "--hide-scrollbars"):
        options.add_argument(arg)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE})
    # Chromium leaves a folder in TMPDIR: keep it in pytest's, not the system's
    scratch = {**os.environ, "TMPDIR": str(tmp_path_factory.mktemp("chromium"))}
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER, env=scratch),
                              options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def test_a_phone_scores_the_example_photo(browser, tmp_path):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown
    from selenium.webdriver.support.select import Select
    from selenium.webdriver.support.ui import WebDriverWait

    app = create_app(ServeConfig(TOKEN, tmp_path / "work"))
    with network.serving(app, network.listen(network.LOCALHOST, 0)) as base:
        browser.get(f"{base}/?t={TOKEN}")
        wait = WebDriverWait(browser, 30)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#game option"))
        assert browser.execute_script("return window.innerWidth") == 360
        Select(browser.find_element(By.ID, "game")).select_by_value("asterion")
        wait.until(lambda d: d.find_elements(By.NAME, "board"))
        Select(browser.find_element(By.NAME, "board")).select_by_value("yes")
        kills = browser.find_element(By.NAME, "kill_points")
        kills.send_keys(kill_text(endgame()[1]))
        browser.find_element(By.ID, "game").click()              # leave the field: remembered

        browser.find_element(By.ID, "photo").send_keys(str(EXAMPLES / "endgame.jpg"))
        wait.until(shown.visibility_of_element_located((By.ID, "result")))
        winner = browser.find_element(By.ID, "winner").text
        rows = [[td.text for td in tr.find_elements(By.TAG_NAME, "td")]
                for tr in browser.find_elements(By.CSS_SELECTOR, "#score tr")[1:]]
        heads = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "#score th")]
        assert "SURE" in browser.find_element(By.ID, "verdict").text
        assert winner == "Winner: blue"
        totals = {row[0].rstrip(" ★"): int(row[heads.index("TOTAL") if "TOTAL" in heads
                                               else heads.index("total")]) for row in rows}
        assert totals == {"yellow": 15, "blue": 75, "red": 44, "green": 34}
        wait.until(lambda d: d.execute_script(
            "const i = document.getElementById('overlay'); return i.complete && "
            "i.naturalWidth > 0"))
        browser.execute_script("window.scrollTo({top: 0, behavior: 'instant'})")
        wait.until(lambda d: d.execute_script("return window.scrollY") == 0)
        shot = browser.get_screenshot_as_png()
        (tmp_path / "phone.png").write_bytes(shot)
        if os.environ.get("PNP_SERVE_SCREENSHOT"):
            _save_small(shot, Path(os.environ["PNP_SERVE_SCREENSHOT"]))

        # zoom in (the buttons beside pinching): the picture grows inside its box
        before = browser.find_element(By.ID, "stage").size["width"]
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})",
                               browser.find_element(By.ID, "viewer"))
        browser.find_element(By.ID, "zoom-in").click()
        assert browser.find_element(By.ID, "stage").size["width"] > 1.4 * before
        browser.find_element(By.ID, "zoom-out").click()
        assert abs(browser.find_element(By.ID, "stage").size["width"] - before) <= 1

        # tap a tile: the rules' answer appears under the overlay
        job = app.app.state.desk.job(browser.execute_script("return job.job"))
        tile = next(t for t in job.verdict.tiles if t.id == "B05")
        x, y = project(job.to_overlay, tile.corners).mean(axis=0)
        image = browser.find_element(By.ID, "overlay")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", image)
        scale = image.size["width"] / job.overlay_size[0]
        ActionChains(browser).move_to_element_with_offset(
            image, round(x * scale - image.size["width"] / 2),
            round(y * scale - image.size["height"] / 2)).click().perform()
        wait.until(shown.visibility_of_element_located((By.ID, "answer")))
        assert browser.find_element(By.ID, "answer-place").text == "Check B05"
        assert "B05" in browser.find_element(By.ID, "answer-lines").text
    assert browser.execute_script(
        "return JSON.parse(localStorage.getItem('pnp-serve')).options.asterion.board") == "yes"
    assert shot[:8] == b"\x89PNG\r\n\x1a\n"


def _save_small(png: bytes, path: Path) -> None:
    """The screenshot in 256 colours (a third of the bytes, for the docs)."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    image.quantize(256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        path, optimize=True)
