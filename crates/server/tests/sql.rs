//! No SQL takes text from outside except as a bound parameter: every query the server's source
//! sends is a string literal, or a text made by `format!` from the source's own constants (the
//! column lists, a lock clause chosen from literals by the database's kind). Checked on the
//! source itself, with a check of the check on text that breaks the rule.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use std::path::Path;

/// The calls that send SQL.
const CALLS: [&str; 3] = ["sqlx::query(", "sqlx::query_as(", "sqlx::query_scalar("];

/// What is wrong with the SQL of `source` (one entry a call), none when every query is a literal
/// or a `format!` of constants.
fn unbound(source: &str) -> Vec<String> {
    let mut wrong = Vec::new();
    for call in CALLS {
        let mut from = 0;
        while let Some(i) = source[from..].find(call) {
            let at = from + i + call.len();
            from = at;
            let arg = source[at..].trim_start();
            if arg.starts_with('"') || arg.starts_with("r\"") || arg.starts_with("r#\"") {
                continue;
            }
            // a variable: its `let <name> = format!(...)` before the call, of constants only
            let name: String = arg
                .trim_start_matches('&')
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if literal_loop(&source[..at], &name) {
                continue;
            }
            let Some(def) = source[..at].rfind(&format!("let {name} = format!(")) else {
                wrong.push(format!(
                    "a query from `{name}`, not a literal nor a format! here"
                ));
                continue;
            };
            let text = &source[def..at];
            let Some(open) = text.find('"') else {
                wrong.push(format!("`{name}`: no format string"));
                continue;
            };
            // the string's end: the first quote not escaped
            let bytes = text.as_bytes();
            let mut j = open + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            let format = &text[open + 1..j.min(text.len())];
            // no arguments after the string: only `{NAME}`s inside it
            if !text
                .get(j + 1..)
                .unwrap_or("")
                .trim_start()
                .starts_with(')')
            {
                wrong.push(format!("`{name}`: format! arguments after its string"));
                continue;
            }
            let mut rest = format;
            while let Some(b) = rest.find('{') {
                let Some(e) = rest[b..].find('}') else { break };
                let inner = &rest[b + 1..b + e];
                rest = &rest[b + e + 1..];
                let constant = !inner.is_empty()
                    && inner
                        .chars()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
                let lock = inner == "lock"
                    && source[..def]
                        .rfind("let lock = match")
                        .is_some_and(|l| literal_arms(&source[l..def]));
                if !constant && !lock {
                    wrong.push(format!("`{name}` puts `{{{inner}}}` into SQL"));
                }
            }
        }
    }
    wrong
}

/// Whether `name` is the variable of a `for name in [...]` over string literals alone, the
/// last such loop before the call.
fn literal_loop(before: &str, name: &str) -> bool {
    let Some(l) = before.rfind(&format!("for {name} in [")) else {
        return false;
    };
    let list = &before[l + format!("for {name} in [").len()..];
    let Some(end) = list.find(']') else {
        return false;
    };
    list[..end]
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .all(|item| {
            item.starts_with('"')
                && item.ends_with('"')
                && item[1..item.len() - 1].find('"').is_none()
        })
}

/// Whether a `let lock = match ... { ... };` has string literals alone on its arms.
fn literal_arms(text: &str) -> bool {
    let Some(end) = text.find("};") else {
        return false;
    };
    text[..end].lines().filter(|l| l.contains("=>")).all(|l| {
        l.split("=>")
            .nth(1)
            .is_some_and(|v| v.trim().starts_with('"'))
    })
}

#[test]
fn every_query_is_a_literal_or_made_of_the_sources_constants() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut calls = 0;
    let mut wrong = Vec::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        calls += CALLS.iter().map(|c| text.matches(c).count()).sum::<usize>();
        wrong.extend(
            unbound(&text)
                .into_iter()
                .map(|w| format!("{}: {w}", path.display())),
        );
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(calls > 50, "the server's queries are found ({calls})");
}

#[test]
fn the_check_would_catch_text_from_outside() {
    let name_in = r#"
        let sql = format!("SELECT id FROM accounts WHERE name = '{name}'");
        sqlx::query(&sql)
    "#;
    assert_eq!(unbound(name_in).len(), 1);
    let arg_in = r#"
        let sql = format!("SELECT id FROM accounts WHERE name = '{}'", name);
        sqlx::query(&sql)
    "#;
    assert_eq!(unbound(arg_in).len(), 1);
    let from_elsewhere = "sqlx::query(&text)";
    assert_eq!(unbound(from_elsewhere).len(), 1);
    let lock_from_outside = r#"
        let lock = match kind {
            Kind::Postgres => user_text,
            Kind::Sqlite => "",
        };
        let sql = format!("SELECT id FROM games{lock}");
        sqlx::query(&sql)
    "#;
    assert_eq!(unbound(lock_from_outside).len(), 1);
    let loop_of_names = r#"
        for pragma in [name, "PRAGMA foreign_keys = ON"] {
            sqlx::query(pragma)
        }
    "#;
    assert_eq!(unbound(loop_of_names).len(), 1);
    let fine = r#"
        let lock = match kind {
            Kind::Postgres => " FOR UPDATE",
            Kind::Sqlite => "",
        };
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1{lock}");
        sqlx::query(&sql).bind(id);
        sqlx::query("DELETE FROM games WHERE id = $1").bind(id);
        for pragma in ["PRAGMA journal_mode = WAL", "PRAGMA busy_timeout = 5000"] {
            sqlx::query(pragma)
        }
    "#;
    assert_eq!(unbound(fine), Vec::<String>::new());
}
