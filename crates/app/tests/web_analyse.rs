//! The web's post-game analysis: `POST /api/game/{id}/analyse` judges the moves, annotates the
//! PGN, streams its progress over the game's WebSocket, and refuses what it cannot analyse.

use serde_json::{Value, json};
use std::time::Duration;

mod web_common;

use web_common::{UNKNOWN_ID, id_of, server};

const QH5: &str = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";

#[test]
fn the_qh5_game_gives_nf6_as_a_blunder() {
    let s = server();
    let g = s.new_game(json!({"start": "pgn", "pgn": QH5}));
    let id = id_of(&g);
    let r = s.post(&format!("/api/game/{id}/analyse"), "");
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    let moves = v["analysis"]["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 7, "{v}");
    let nf6 = &moves[5];
    assert_eq!(nf6["san"], "Nf6", "{v}");
    assert_eq!(nf6["side"], "black");
    assert_eq!(nf6["judgement"], "blunder", "{nf6}");
    assert!(nf6["best"].as_str().is_some_and(|b| b != "Nf6"), "{nf6}");
    assert_eq!(v["analysis"]["black"]["blunders"], 1, "{v}");
    assert!(v["analysis"]["white"]["accuracy"].as_f64().is_some(), "{v}");
    let pgn = v["pgn"].as_str().expect("pgn");
    assert!(pgn.contains("Nf6??") || pgn.contains("Nf6 $4"), "{pgn}");
    assert!(pgn.contains("[%eval"), "{pgn}");
}

#[test]
fn analyse_refuses_what_it_cannot_analyse() {
    let s = server();
    let g = s.new_game(json!({}));
    let id = id_of(&g);
    let r = s.post(&format!("/api/game/{id}/analyse"), "");
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.error_code(), "no_moves");
    assert_eq!(s.post(&format!("/api/game/{UNKNOWN_ID}/analyse"), "").status, 404);
    assert_eq!(s.post("/api/game/5/analyse", "").error_code(), "bad_id");
    assert_eq!(s.get(&format!("/api/game/{id}/analyse")).status, 405);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn progress_is_streamed_over_the_websocket() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let s = tokio::task::spawn_blocking(server).await.expect("server");
    let port = s.port;
    let c = s.client.clone();
    let g = s.new_game(json!({"start": "pgn", "pgn": QH5}));
    let id = id_of(&g);
    let url = format!("ws://127.0.0.1:{port}/api/game/{id}/ws");
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.expect("ws connect");
    let _hello = ws.next().await.expect("hello").expect("message");
    let path = format!("/api/game/{id}/analyse");
    let request = tokio::task::spawn_blocking(move || c.post(&path, "").status);
    let mut done = Vec::new();
    while let Ok(Some(Ok(msg))) = tokio::time::timeout(Duration::from_secs(20), ws.next()).await {
        let Message::Text(t) = msg else { continue };
        let v: Value = serde_json::from_str(&t).expect("json");
        if v["type"] == "analysis_progress" {
            assert_eq!(v["total"], 8, "{v}");
            done.push(v["done"].as_u64().expect("done"));
            if done.last() == Some(&8) {
                break;
            }
        }
    }
    assert_eq!(done, (1..=8).collect::<Vec<u64>>());
    assert_eq!(request.await.expect("request"), 200);
}

#[test]
fn a_finished_analysis_is_kept_for_a_reload() {
    let s = server();
    let g = s.new_game(json!({"start": "pgn", "pgn": QH5}));
    let id = id_of(&g);
    // The state says whether there is an analysis to ask for (the page asks only then).
    assert_eq!(g["analysed"], false, "{g}");
    let path = format!("/api/game/{id}/analysis");
    let r = s.get(&path);
    assert_eq!((r.status, r.error_code()), (404, "no_analysis".into()), "{}", r.body);
    let made = s.post(&format!("/api/game/{id}/analyse"), "");
    assert_eq!(made.status, 200, "{}", made.body);
    assert_eq!(s.get(&format!("/api/game/{id}")).json()["analysed"], true);
    let r = s.get(&path);
    assert_eq!(r.status, 200, "{}", r.body);
    let (kept, made) = (r.json(), made.json());
    assert_eq!(kept["analysis"], made["analysis"]);
    assert_eq!(kept["chart"], made["chart"]);
    assert_eq!(kept["pgn"], made["pgn"]);
    // Another game has none; an unknown one is not found.
    let other = id_of(&s.new_game(json!({"start": "pgn", "pgn": QH5})));
    assert_eq!(s.get(&format!("/api/game/{other}/analysis")).status, 404);
    assert_eq!(s.get(&format!("/api/game/{UNKNOWN_ID}/analysis")).error_code(), "not_found");
}

/// 30 plies, White to move: an analysis of 31 positions takes about nine seconds.
const LONG: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 \
                    8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 \
                    14. Bg5 b4 15. Nb1 h6 *";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_analysis_frees_the_game_for_a_hint() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let s = tokio::task::spawn_blocking(server).await.expect("server");
    let c = s.client.clone();
    let g = s.new_game(json!({"start": "pgn", "pgn": LONG, "color": "white"}));
    let id = id_of(&g);
    assert_eq!(s.post(&format!("/api/game/{id}/analyse/cancel"), "").json()["cancelled"], false);
    let url = format!("ws://127.0.0.1:{}/api/game/{id}/ws", s.port);
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.expect("ws connect");
    let path = format!("/api/game/{id}/analyse");
    let request = tokio::task::spawn_blocking(move || {
        let r = c.post(&path, "");
        (r.status, r.error_code())
    });
    // Cancelled once it is running (its first position evaluated).
    let mut started = false;
    while let Ok(Some(Ok(msg))) = tokio::time::timeout(Duration::from_secs(20), ws.next()).await {
        if let Message::Text(t) = msg
            && serde_json::from_str::<Value>(&t).expect("json")["type"] == "analysis_progress"
        {
            started = true;
            break;
        }
    }
    assert!(started, "the analysis reports progress");
    let (c, game) = (s.client.clone(), id.clone());
    let (cancel, hint) = tokio::task::spawn_blocking(move || {
        let cancel = c.post(&format!("/api/game/{game}/analyse/cancel"), "");
        let hint = c.post(&format!("/api/game/{game}/hint"), "");
        (cancel, hint)
    })
    .await
    .expect("requests");
    assert_eq!(cancel.status, 200, "{}", cancel.body);
    assert_eq!(cancel.json()["cancelled"], true);
    assert_eq!(hint.status, 200, "the slot is free at once: {}", hint.body);
    assert!(hint.json()["san"].as_str().is_some());
    let (status, code) = request.await.expect("request");
    assert_eq!((status, code.as_str()), (409, "analysis_cancelled"));
    // Nothing was kept.
    assert_eq!(s.get(&format!("/api/game/{id}/analysis")).status, 404);
}
