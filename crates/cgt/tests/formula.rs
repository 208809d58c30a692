//! The generated formulas, compiled in a child process and run, against the
//! computed values: the Rust one by `rustc --edition 2021`, the C++ one by
//! `c++` where there is one and always by `cc` as C (its body is plain C
//! but for `inline`); and the C++ one's shape.

use std::path::{Path, PathBuf};
use std::process::Command;

const EXE: &str = env!("CARGO_BIN_EXE_cgt");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cgt-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn formula(game: &str, lang: &str) -> String {
    let output = Command::new(EXE)
        .args(["formula", game, "--lang", lang])
        .output()
        .expect("cgt runs");
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
    grundy_values(&binary, heaps)
}

/// Runs a compiled formula on `heaps` and reads the values it prints.
fn grundy_values(binary: &Path, heaps: &[u64]) -> Vec<u64> {
    let output = Command::new(binary)
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

/// Compiles the C++ `code` with a main that prints grundy(n) for each n on
/// the command line, with `compiler` and `flags`, runs it and returns the
/// values; `None` if the compiler cannot be started.
fn compile_and_run_c(
    dir: &Path,
    code: &str,
    compiler: &str,
    flags: &[&str],
    heaps: &[u64],
) -> Option<Vec<u64>> {
    std::fs::write(dir.join("formula.inc"), code).expect("write");
    let main = "#include <stdio.h>\n\
                #include <stdlib.h>\n\
                #include \"formula.inc\"\n\
                int main(int argc, char **argv) {\n\
                    for (int i = 1; i < argc; i++)\n\
                        printf(\"%llu\\n\", grundy(strtoull(argv[i], 0, 10)));\n\
                    return 0;\n\
                }\n";
    std::fs::write(dir.join("main.src"), main).expect("write");
    let binary = dir.join(format!("grundy-{}", compiler.replace(['/', '+'], "_")));
    let status = Command::new(compiler)
        .args(flags)
        .arg(dir.join("main.src"))
        .arg("-o")
        .arg(&binary)
        .status()
        .ok()?;
    assert!(
        status.success(),
        "{compiler} {flags:?} does not compile the formula:\n{code}"
    );
    Some(grundy_values(&binary, heaps))
}

#[test]
fn the_cpp_formulas_compile_and_agree() {
    let dir = scratch("formula-cpp");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".to_owned());
    let code07 = "0.07".parse().expect("valid");
    let dawson: Vec<u64> = cgt_lab::naive_values(&code07, 2999)
        .expect("computes")
        .into_iter()
        .map(u64::from)
        .collect();
    let mut lasker_heaps: Vec<u64> = (0..3000).collect();
    lasker_heaps.extend([1 << 40, (1 << 40) + 3, u64::MAX / 2, u64::MAX - 4]);
    let lasker: Vec<u64> = lasker_heaps
        .iter()
        .map(|&n| u64::try_from(lasker_nim::grundy(n)).expect("fits"))
        .collect();
    let dawson_heaps: Vec<u64> = (0..3000).collect();
    for (game, heaps, expected) in [
        ("0.07", &dawson_heaps, &dawson),
        ("4.(3)", &lasker_heaps, &lasker),
    ] {
        let code = formula(game, "cpp");
        let as_cpp = ["-x", "c++", "-std=c++11", "-O1"];
        let as_c = ["-x", "c", "-std=c99", "-O1", "-Dinline=static inline"];
        let cpp = compile_and_run_c(&dir, &code, &cxx, &as_cpp, heaps);
        if cpp.is_none() {
            eprintln!("no C++ compiler ({cxx}): {game}'s C++ formula is compiled as C only");
        }
        let c = compile_and_run_c(&dir, &code, &cc, &as_c, heaps);
        let c = c.unwrap_or_else(|| panic!("the C compiler {cc} does not start"));
        for (how, values) in [("C++", cpp), ("C", Some(c))] {
            let Some(values) = values else { continue };
            assert_eq!(values.len(), heaps.len(), "{game}, compiled as {how}");
            let wrong = (0..heaps.len()).find(|&i| values[i] != expected[i]);
            if let Some(i) = wrong {
                panic!(
                    "{game}: the C++ formula, compiled as {how}, says G({}) = {}, not {}",
                    heaps[i], values[i], expected[i]
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
