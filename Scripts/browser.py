#!/usr/bin/env python3
"""Drives headless Chromium (Debian's chromium + chromium-driver, selenium from PyPI) for the
tests that check pages in a real browser: the golden-test HTML report and the live preview.

Usage: browser.py URL [STEP ...]   Steps run in order; each prints one JSON line on stdout:
  --wait CSS            wait (up to --timeout s) until an element matching CSS exists
  --visible CSS         wait until it is displayed
  --click CSS           click the first match
  --eval JS             run JS (`return …` for a value) and print its result
  --wait-eval JS        poll JS until it returns a truthy value
  --screenshot PATH     save a PNG of the viewport
  --timeout SECONDS     timeout of later waits (default 10)
  --size WxH            window size (default 1280x900)
Exit status: 0 when every step passed, 1 when a step failed (its JSON says why), 2 when the
browser could not start (missing chromium, chromium-driver or selenium: see
`Scripts/install-deps.sh --browser`).
"""
import json
import sys
import time


def emit(**fields):
    print(json.dumps(fields), flush=True)


def start(size):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as error:
        emit(step="start", ok=False, error=f"selenium is not installed: {error}")
        sys.exit(2)
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={size}"):
        options.add_argument(flag)
    try:
        return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    except Exception as error:  # the driver reports a missing browser as a generic exception
        emit(step="start", ok=False, error=str(error).splitlines()[0] if str(error) else repr(error))
        sys.exit(2)


def poll(check, timeout):
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = check()
            if value:
                return value
        except Exception:
            pass
        if time.monotonic() > deadline:
            return None
        time.sleep(0.05)


def main(argv):
    if len(argv) < 2 or argv[1].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    url, steps = argv[1], argv[2:]
    size = "1280x900"
    if "--size" in steps:
        size = steps[steps.index("--size") + 1].replace("x", ",")
    driver = start(size)
    from selenium.webdriver.common.by import By
    timeout = 10.0
    try:
        driver.get(url)
        emit(step="load", ok=True, url=url, title=driver.title)
        index = 0
        while index < len(steps):
            name, value = steps[index], steps[index + 1] if index + 1 < len(steps) else ""
            index += 2
            if name == "--timeout":
                timeout = float(value)
                continue
            if name == "--size":
                continue
            if name == "--wait":
                found = poll(lambda: driver.find_elements(By.CSS_SELECTOR, value), timeout)
                ok = bool(found)
            elif name == "--visible":
                ok = bool(poll(lambda: any(e.is_displayed() for e in driver.find_elements(By.CSS_SELECTOR, value)), timeout))
            elif name == "--click":
                elements = driver.find_elements(By.CSS_SELECTOR, value)
                ok = bool(elements)
                if ok:
                    elements[0].click()
            elif name == "--eval":
                emit(step="eval", ok=True, script=value, result=driver.execute_script(value))
                continue
            elif name == "--wait-eval":
                ok = bool(poll(lambda: driver.execute_script(value), timeout))
            elif name == "--screenshot":
                ok = driver.save_screenshot(value)
            else:
                emit(step=name, ok=False, error="unknown step")
                return 1
            emit(step=name[2:], ok=ok, target=value)
            if not ok:
                return 1
        return 0
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
