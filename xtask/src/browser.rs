//! The browser tests of `cgt explore`'s page
//! (`crates/cgt/tests/browser/explore_page.py`), run by `cargo xtask test`
//! beside the Rust ones, after the Python ones: headless Chromium driven by chromedriver, from a
//! Python script that needs only the standard library. Its screenshots go
//! to `target/explore-screenshots/`. Without Chromium, chromedriver or a
//! Python 3 the tests are skipped with a line that says so, except in CI,
//! where that is a failure (`.ci/run` installs Debian's `chromium` and
//! `chromium-driver`).

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The first of `names` found on the PATH.
fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = env::var_os("PATH")?;
    env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|file| file.is_file())
}

/// Runs the browser tests: `Ok(())` when they pass or are skipped (what
/// they need is missing, outside CI).
pub fn test(root: &Path, ci: bool) -> Result<(), String> {
    let script = root.join("crates/cgt/tests/browser/explore_page.py");
    if !script.exists() {
        return Ok(());
    }
    if env::var("CGT_BROWSER_TESTS").as_deref() == Ok("skip") {
        eprintln!("xtask: SKIPPED the browser tests of cgt explore (CGT_BROWSER_TESTS=skip)");
        return Ok(());
    }
    let chromium = on_path(&["chromium", "chromium-browser"]);
    let driver = on_path(&["chromedriver"]);
    let python = on_path(&["python3"]);
    let (Some(chromium), Some(driver), Some(python)) = (chromium, driver, python) else {
        let message = "the browser tests of cgt explore need chromium, chromedriver and python3 \
                       on PATH (Debian: apt-get install chromium chromium-driver)";
        if ci {
            return Err(format!("{message}: CI runs them"));
        }
        eprintln!("xtask: SKIPPED {message}");
        return Ok(());
    };
    let target = env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let cgt = target.join("debug").join("cgt");
    let shots = target.join("explore-screenshots");
    eprintln!("xtask: the browser tests of cgt explore (headless Chromium), beside the Rust tests");
    // Their output is shown when they end, not mixed into pytest's.
    let output = Command::new(python)
        .current_dir(root)
        .arg(&script)
        .arg("--cgt")
        .arg(&cgt)
        .arg("--shots")
        .arg(&shots)
        .arg("--chromium")
        .arg(&chromium)
        .arg("--chromedriver")
        .arg(&driver)
        .output()
        .map_err(|e| format!("cannot run the browser tests: {e}"))?;
    eprintln!("xtask: the browser tests of cgt explore:");
    eprint!("{}", String::from_utf8_lossy(&output.stdout));
    eprint!("{}", String::from_utf8_lossy(&output.stderr));
    let status = output.status;
    if status.success() {
        Ok(())
    } else {
        Err(format!(
            "the browser tests of cgt explore failed ({status})"
        ))
    }
}
