//! The generated Rust formula, compiled by `rustc --edition 2021` in a child
//! process and run, against the computed values; and the C++ one's shape.

use std::path::{Path, PathBuf};
use std::process::Command;

const EXE: &str = env!("CARGO_BIN_EXE_cgt-lab");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cgt-lab-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn formula(game: &str, lang: &str) -> String {
    let output = Command::new(EXE)
        .args(["formula", game, "--lang", lang])
        .output()
        .expect("cgt-lab runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// Compiles `formula.rs` with a main that prints grundy(n) for each n given
/// on the command line, runs it, and returns the values.
fn compile_and_run(dir: &Path, code: &str, heaps: &[u64]) -> Vec<u64> {
    std::fs::write(dir.join("formula.rs"), code).expect("write");
    let main = "include!(\"formula.rs\");\n\
                fn main() {\n\
                    for arg in std::env::args().skip(1) {\n\
                        let n: u64 = arg.parse().unwrap();\n\
                        println!(\"{}\", grundy(n));\n\
                    }\n\
                }\n";
    std::fs::write(dir.join("main.rs"), main).expect("write");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let binary = dir.join("grundy");
    let status = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&binary)
        .arg(dir.join("main.rs"))
        .status()
        .expect("rustc runs");
    assert!(status.success(), "the formula does not compile:\n{code}");
    let output = Command::new(&binary)
        .args(heaps.iter().map(u64::to_string))
        .output()
        .expect("the formula runs");
    assert!(output.status.success());
    String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| l.parse().expect("a number"))
        .collect()
}

#[test]
fn the_rust_formula_for_dawsons_kayles_compiles_and_agrees() {
    let dir = scratch("formula-07");
    let code = formula("0.07", "rust");
    assert!(code.contains("pub fn grundy(n: u64) -> u64"));
    assert!(!code.contains("fn main") && !code.contains("#!["));
    let heaps: Vec<u64> = (0..3000).collect();
    let got = compile_and_run(&dir, &code, &heaps);
    let code07 = "0.07".parse().expect("valid");
    let expected = cgt_lab::naive_values(&code07, 2999).expect("computes");
    let expected: Vec<u64> = expected.into_iter().map(u64::from).collect();
    assert_eq!(got, expected);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_rust_formula_for_laskers_nim_compiles_and_agrees() {
    let dir = scratch("formula-lasker");
    let code = formula("4.(3)", "rust");
    let mut heaps: Vec<u64> = (0..5000).collect();
    heaps.extend([1 << 40, (1 << 40) + 3, u64::MAX / 2, u64::MAX - 4]);
    let got = compile_and_run(&dir, &code, &heaps);
    for (&n, &g) in heaps.iter().zip(&got) {
        assert_eq!(u128::from(g), lasker_nim::grundy(n), "heap {n}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_cpp_formula_is_items_only() {
    let code = formula("0.77", "cpp");
    assert!(code.contains("inline unsigned long long grundy(unsigned long long n) {"));
    assert!(code.contains("static const unsigned int pre[71] = {"));
    assert!(code.contains("static const unsigned int period[12] = {"));
    assert!(!code.contains("main") && !code.contains("#include"));
    let lasker = formula("4.(3)", "cpp");
    assert!(
        lasker.contains("return period[i % 4ULL] + (i / 4ULL) * 4ULL;"),
        "{lasker}"
    );
}
