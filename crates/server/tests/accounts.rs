//! Accounts and sessions as a browser meets them: the real `koma-server` binary on loopback over
//! a real SQLite file and (where the test command started one) a real PostgreSQL cluster. Every
//! scenario runs on both databases.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

#[macro_use]
mod common;

use common::{Answer, Backend, Db, Server, ask, session_token as token, spec};

on_both!(
    an_account_is_made_signed_in_to_and_signed_out_of,
    a_wrong_password_and_an_unknown_name_get_one_answer_and_attempts_are_limited,
    a_request_from_another_site_is_refused,
    a_password_change_ends_the_other_sessions_and_a_deleted_account_is_gone,
    passkey_ceremonies_begin_for_their_account_and_refuse_what_does_not_verify,
);

/// `POST path` with a name and a password, as a browser of the server's own page sends it.
async fn post(server: &Server, path: &str, name: &str, password: &str) -> Answer {
    ask(
        server,
        reqwest::Method::POST,
        path,
        credentials(name, password),
        None,
        &[],
    )
    .await
}

fn credentials(name: &str, password: &str) -> Option<serde_json::Value> {
    Some(serde_json::json!({ "name": name, "password": password }))
}

async fn an_account_is_made_signed_in_to_and_signed_out_of(backend: Backend) {
    use reqwest::Method;
    let db = Db::new(&backend).await;
    let server = Server::start(&db, &[]);
    let made = post(&server, "/api/accounts", "Hanako", "correct horse").await;
    assert_eq!(made.status, 201, "{}", made.body);
    assert_eq!(made.body["name"], "Hanako");
    let set = made.cookie.unwrap();
    for flag in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(set.contains(flag), "{set}");
    }
    assert!(!set.contains("Secure"), "plain HTTP: {set}");
    let first = token(&set);
    let me = ask(&server, Method::GET, "/api/me", None, Some(&first), &[]).await;
    assert_eq!(me.status, 200);
    assert_eq!(
        me.body,
        serde_json::json!({ "name": "Hanako", "ratings": {} })
    );
    let nobody = ask(&server, Method::GET, "/api/me", None, None, &[]).await;
    assert_eq!(nobody.status, 401);
    // one account a name, whatever its case
    let again = post(&server, "/api/accounts", "hanako", "another horse").await;
    assert_eq!(again.status, 409);
    assert_eq!(again.body["error"], "name: taken");
    // a 400 names the field
    for (body, field) in [
        (credentials("H", "correct horse"), "name"),
        (credentials("Ha nako", "correct horse"), "name"),
        (credentials("Taro", "short"), "password"),
        (Some(serde_json::json!({ "name": "Taro" })), "password"),
    ] {
        let a = ask(&server, Method::POST, "/api/accounts", body, None, &[]).await;
        assert_eq!(a.status, 400);
        assert!(
            a.body["error"].as_str().unwrap().contains(field),
            "{}",
            a.body
        );
    }
    // signed in again over HTTPS (as the proxy says): a second session, its cookie Secure
    let signed = ask(
        &server,
        Method::POST,
        "/api/session",
        credentials("HANAKO", "correct horse"),
        None,
        &[("x-forwarded-proto", "https")],
    )
    .await;
    assert_eq!(signed.status, 200, "{}", signed.body);
    let set = signed.cookie.unwrap();
    assert!(set.ends_with("; Secure"), "{set}");
    let second = token(&set);
    assert_ne!(first, second);
    // signing out ends that session only
    let out = ask(
        &server,
        Method::DELETE,
        "/api/session",
        None,
        Some(&first),
        &[],
    )
    .await;
    assert_eq!(out.status, 204);
    assert!(out.cookie.unwrap().contains("Max-Age=0"));
    let me = ask(&server, Method::GET, "/api/me", None, Some(&first), &[]).await;
    assert_eq!(me.status, 401);
    let me = ask(&server, Method::GET, "/api/me", None, Some(&second), &[]).await;
    assert_eq!(me.status, 200);
    // a third, then every session ended at once
    let third = post(&server, "/api/session", "Hanako", "correct horse").await;
    let third = token(&third.cookie.unwrap());
    let all = ask(
        &server,
        Method::DELETE,
        "/api/sessions",
        None,
        Some(&second),
        &[],
    )
    .await;
    assert_eq!(all.status, 204);
    for t in [&second, &third] {
        let me = ask(&server, Method::GET, "/api/me", None, Some(t), &[]).await;
        assert_eq!(me.status, 401);
    }
    // neither a password nor a session's token is in the log
    let log = std::fs::read_to_string(&server.log).unwrap();
    for secret in ["correct horse", &first, &second, &third] {
        assert!(!log.contains(secret), "{secret} logged");
    }
    // the database keeps the password's argon2id hash and the tokens' SHA-256 only
    if let Backend::Sqlite = backend {
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(&db.url).await.unwrap();
        let hash: String = sqlx::query_scalar("SELECT password_hash FROM accounts")
            .fetch_one(&pool)
            .await
            .unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(!hash.contains("correct horse"));
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sessions WHERE token_hash = $1")
            .bind(&third)
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(n, 0);
        pool.close().await;
    }
}

async fn a_wrong_password_and_an_unknown_name_get_one_answer_and_attempts_are_limited(
    backend: Backend,
) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, &[]);
    let made = post(&server, "/api/accounts", "Jiro", "correct horse").await;
    assert_eq!(made.status, 201);
    let wrong = post(&server, "/api/session", "Jiro", "wrong horse!").await;
    let unknown = post(&server, "/api/session", "Saburo", "correct horse").await;
    assert_eq!((wrong.status, unknown.status), (401, 401));
    assert_eq!(wrong.body, unknown.body);
    assert!(wrong.cookie.is_none() && unknown.cookie.is_none());
    // ten attempts for a name (then one a minute): the eleventh is refused, even with the
    // right password
    for _ in 0..9 {
        let a = post(&server, "/api/session", "jiro", "wrong horse!").await;
        assert_eq!(a.status, 401);
    }
    let limited = post(&server, "/api/session", "Jiro", "correct horse").await;
    assert_eq!(limited.status, 429, "{}", limited.body);
    // another name from the same address still may (thirty for an address)
    let other = post(&server, "/api/session", "Shiro", "whatever it is").await;
    assert_eq!(other.status, 401);
}

async fn a_request_from_another_site_is_refused(backend: Backend) {
    use reqwest::Method;
    let db = Db::new(&backend).await;
    let server = Server::start(&db, &[]);
    let evil = [("origin", "https://evil.example")];
    let a = ask(
        &server,
        Method::POST,
        "/api/accounts",
        credentials("Goro", "correct horse"),
        None,
        &evil,
    )
    .await;
    assert_eq!(a.status, 403);
    assert!(a.cookie.is_none());
    let game = Some(serde_json::to_value(spec("shogi")).unwrap());
    let a = ask(
        &server,
        Method::POST,
        "/api/games",
        game.clone(),
        None,
        &evil,
    )
    .await;
    assert_eq!(a.status, 403);
    // the server's own page may; a reading request from anywhere may
    let own = server.base.clone();
    let a = ask(
        &server,
        Method::POST,
        "/api/accounts",
        credentials("Goro", "correct horse"),
        None,
        &[("origin", own.as_str())],
    )
    .await;
    assert_eq!(a.status, 201, "{}", a.body);
    let t = token(&a.cookie.unwrap());
    let a = ask(
        &server,
        Method::DELETE,
        "/api/session",
        None,
        Some(&t),
        &evil,
    )
    .await;
    assert_eq!(a.status, 403);
    let a = ask(&server, Method::GET, "/api/me", None, Some(&t), &evil).await;
    assert_eq!(a.status, 200);
    let a = ask(
        &server,
        Method::POST,
        "/api/games",
        game,
        None,
        &[("origin", own.as_str())],
    )
    .await;
    assert_eq!(a.status, 201);
}

async fn a_password_change_ends_the_other_sessions_and_a_deleted_account_is_gone(backend: Backend) {
    use reqwest::Method;
    let db = Db::new(&backend).await;
    let server = Server::start(&db, &[]);
    let sign_in = |password: &'static str| {
        let server = &server;
        async move { post(server, "/api/session", "Rokuro", password).await }
    };
    let made = post(&server, "/api/accounts", "Rokuro", "correct horse").await;
    let here = token(&made.cookie.unwrap());
    let there = token(&sign_in("correct horse").await.cookie.unwrap());
    let change = |old: &'static str, new: &'static str, t: String| {
        let server = &server;
        async move {
            ask(
                server,
                Method::POST,
                "/api/me/password",
                Some(serde_json::json!({ "password": old, "new_password": new })),
                Some(&t),
                &[],
            )
            .await
        }
    };
    // the old password asked again; the new one checked like any
    let a = change("not the one", "battery staple", here.clone()).await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (403, Some("password: wrong"))
    );
    let a = change("correct horse", "short", here.clone()).await;
    assert_eq!(a.status, 400);
    assert!(
        a.body["error"]
            .as_str()
            .unwrap()
            .starts_with("new_password")
    );
    let a = change("correct horse", "battery staple", here.clone()).await;
    assert_eq!(a.status, 204, "{}", a.body);
    // this session goes on; the other has ended; the old password no longer signs in
    let me = ask(&server, Method::GET, "/api/me", None, Some(&here), &[]).await;
    assert_eq!(me.status, 200);
    let me = ask(&server, Method::GET, "/api/me", None, Some(&there), &[]).await;
    assert_eq!(me.status, 401);
    assert_eq!(sign_in("correct horse").await.status, 401);
    let again = token(&sign_in("battery staple").await.cookie.unwrap());
    // deleted with the password: every session ends, the name is free again
    let del = |password: &'static str, t: String| {
        let server = &server;
        async move {
            ask(
                server,
                Method::DELETE,
                "/api/me",
                Some(serde_json::json!({ "password": password })),
                Some(&t),
                &[],
            )
            .await
        }
    };
    assert_eq!(del("correct horse", here.clone()).await.status, 403);
    let gone = del("battery staple", here.clone()).await;
    assert_eq!(gone.status, 204);
    for t in [&here, &again] {
        let me = ask(&server, Method::GET, "/api/me", None, Some(t), &[]).await;
        assert_eq!(me.status, 401);
    }
    assert_eq!(sign_in("battery staple").await.status, 401);
    let reborn = post(&server, "/api/accounts", "ROKURO", "a new horse").await;
    assert_eq!(reborn.status, 201);
}

/// The passkeys' API as far as a test without an authenticator can drive it (the whole
/// ceremony runs in Chromium's virtual authenticator: `web/e2e/accounts.spec.mjs`): the options
/// name the relying party and the account, each ceremony is used once, a credential that does
/// not verify is refused, and sign-in says the same for an unknown name and a name without
/// passkeys, within the sign-in limits.
async fn passkey_ceremonies_begin_for_their_account_and_refuse_what_does_not_verify(
    backend: Backend,
) {
    use reqwest::Method;
    let db = Db::new(&backend).await;
    let server = Server::start(&db, &[]);
    let made = post(&server, "/api/accounts", "Hanako", "correct horse").await;
    let cookie = token(made.cookie.as_deref().unwrap());
    let begin = |c: Option<String>| {
        let server = &server;
        async move {
            ask(
                server,
                Method::POST,
                "/api/me/passkeys/begin",
                None,
                c.as_deref(),
                &[],
            )
            .await
        }
    };
    assert_eq!(begin(None).await.status, 401);
    let begun = begin(Some(cookie.clone())).await;
    assert_eq!(begun.status, 200, "{}", begun.body);
    let options = &begun.body["options"]["publicKey"];
    assert_eq!(options["rp"]["id"], "localhost");
    assert_eq!(options["user"]["name"], "Hanako");
    assert_eq!(
        options["authenticatorSelection"]["userVerification"],
        "required"
    );
    assert!(
        options["challenge"].as_str().unwrap().len() >= 43,
        "{options}"
    );
    // the user handle is not the account's id, and stays the same from one ceremony to the next
    let again = begin(Some(cookie.clone())).await;
    assert_eq!(
        again.body["options"]["publicKey"]["user"]["id"],
        options["user"]["id"]
    );
    assert_ne!(
        again.body["options"]["publicKey"]["challenge"],
        options["challenge"]
    );
    // a credential that does not verify: refused, and its ceremony is gone
    let ceremony = begun.body["ceremony"].as_str().unwrap().to_string();
    let forged = serde_json::json!({
        "ceremony": ceremony,
        "credential": {
            "id": "AAAA", "rawId": "AAAA", "type": "public-key",
            "response": {"attestationObject": "AAAA", "clientDataJSON": "AAAA"}
        }
    });
    let refused = ask(
        &server,
        Method::POST,
        "/api/me/passkeys",
        Some(forged.clone()),
        Some(&cookie),
        &[],
    )
    .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused.body["error"]
            .as_str()
            .unwrap()
            .starts_with("credential:")
    );
    let reused = ask(
        &server,
        Method::POST,
        "/api/me/passkeys",
        Some(forged),
        Some(&cookie),
        &[],
    )
    .await;
    assert_eq!(
        (reused.status, reused.body["error"].as_str()),
        (400, Some("ceremony: unknown, used or too old: begin again"))
    );
    // another account cannot finish Hanako's ceremony
    let taro = common::sign_up(&server, "Taro").await;
    let hers = again.body["ceremony"].as_str().unwrap();
    let other = ask(
        &server,
        Method::POST,
        "/api/me/passkeys",
        Some(serde_json::json!({"ceremony": hers, "credential": {"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": {"attestationObject": "AAAA", "clientDataJSON": "AAAA"}}})),
        Some(&taro),
        &[],
    )
    .await;
    assert_eq!(
        (other.status, other.body["error"].as_str()),
        (400, Some("ceremony: not this account's"))
    );
    // none kept
    let list = ask(
        &server,
        Method::GET,
        "/api/me/passkeys",
        None,
        Some(&cookie),
        &[],
    )
    .await;
    assert_eq!(list.body, serde_json::json!({"passkeys": []}));
    assert_eq!(
        ask(
            &server,
            Method::DELETE,
            "/api/me/passkeys/AAAA",
            None,
            Some(&cookie),
            &[]
        )
        .await
        .status,
        404
    );
    // sign-in: one answer for an unknown name and a name without passkeys
    let sign_in = |name: &'static str| {
        let server = &server;
        async move {
            ask(
                server,
                Method::POST,
                "/api/session/passkey/begin",
                Some(serde_json::json!({ "name": name })),
                None,
                &[],
            )
            .await
        }
    };
    let unknown = sign_in("Nobody").await;
    let keyless = sign_in("Hanako").await;
    assert_eq!((unknown.status, keyless.status), (401, 401));
    assert_eq!(unknown.body, keyless.body);
    assert_eq!(keyless.body["error"], "no passkey for this name");
    // counted as sign-in attempts: past the name's limit, 429
    let mut last = 0;
    for _ in 0..12 {
        last = sign_in("Hanako").await.status;
    }
    assert_eq!(last, 429);
    // a finish without its ceremony
    let lost = ask(
        &server,
        Method::POST,
        "/api/session/passkey",
        Some(serde_json::json!({"ceremony": "0123456789abcdef", "credential": {"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": {"authenticatorData": "AAAA", "clientDataJSON": "AAAA", "signature": "AAAA"}}})),
        None,
        &[],
    )
    .await;
    assert_eq!(lost.status, 400, "{}", lost.body);
}
