//! `cgt misere` and `cgt values --misere --canonical` run as a child
//! process: forms as CGSuite writes them, the pinned JSON keys, and bad
//! input (one line on stderr, exit status 2).

mod common;

use common::{run, stderr, stdout};

#[test]
fn forms_are_written_as_cgsuite_writes_them() {
    for (expr, form) in [
        ("*[2]+*[2]", "*[2[2]]"),
        ("*[[2],1]", "*[2#1]"),
        ("*[[*[4]+*[2]]]", "*[4[2#]]"),
        ("*[[[2]],[[2],1]]", "*[(2#1)2##]"),
        ("*[2#1]", "*[2#1]"),
        ("game.heap.TakeAndBreak(\"0.77\")(2)", "*[2]"),
    ] {
        let output = run(&["misere", expr]);
        assert!(output.status.success(), "{expr}: {}", stderr(&output));
        assert_eq!(stdout(&output), format!("{form}\n"), "{expr}");
    }
}

#[test]
fn json_has_the_pinned_keys_and_values() {
    let output = run(&["misere", "*[[*[4]+*[2]]]", "--json"]);
    assert!(output.status.success());
    assert_eq!(
        stdout(&output),
        "{\"value\":\"*[4[2#]]\",\"birthday\":7,\"genus\":\"0^0\",\"mate\":\"*[4[2#]]\",\
         \"misere_nim_value\":0,\"nim_value\":0,\"outcome\":\"P\",\"options\":\"[*[4[2]]]\",\
         \"parts\":\"[*[2],*[4[2#-2]],*[4],*[4[2#-4]]]\",\
         \"partitions\":\"[[*[2],*[4[2#-2]]],[*[4],*[4[2#-4]]]]\",\"is_tame\":true,\
         \"is_restive\":false,\"is_restless\":false,\"is_tameable\":true,\"is_half_tame\":false,\
         \"is_even\":true,\"is_prime\":false,\"is_extraverted\":false,\"is_introverted\":false,\
         \"is_generally_tame\":true,\"is_generally_restive\":false,\"is_nim_heap\":false}\n"
    );
}

#[test]
fn heaps_of_a_code_are_listed_one_a_line() {
    let output = run(&["values", "0.77", "--upto", "4", "--misere", "--canonical"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "*[0]\n*[1]\n*[2]\n*[3]\n*[1]\n");
}

#[test]
fn bad_input_gets_one_line_and_status_2() {
    for (args, message) in [
        (
            &["misere"][..],
            "cgt: argument 2: expected an expression after misere\n",
        ),
        (
            &["misere", "*[2"],
            "cgt: misere: EXPR at character 4: expected `]`, found the end\n",
        ),
        (
            &["misere", "*[2]", "--upto", "3"],
            "cgt: argument 3: expected --json or --max-memory, found \"--upto\"\n",
        ),
        (
            &["misere", "*[1[-2]]"],
            "cgt: misere: EXPR at character 6: no game plus *2 is the game before `-2`\n",
        ),
        (
            &["values", "0.77", "--upto", "3", "--canonical"],
            "cgt: values: --canonical is for values --misere only\n",
        ),
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&output), message, "{args:?}");
        assert!(stdout(&output).is_empty());
    }
}
