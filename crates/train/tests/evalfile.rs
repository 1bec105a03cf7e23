//! `EvalFile`: the engine evaluates with a network file written by the trainer, refuses a bad
//! file with a reason (keeping the network in use), and goes back to the built-in network.
//! Each engine has its own network: another engine keeps the built-in one meanwhile.

use vidle_core::parse_fen;
use vidle_engine::Engine;
use vidle_train::train::model::Net;

fn nnue_line(engine: &Engine, fen: &str) -> String {
    let pos = parse_fen(fen).expect("valid FEN");
    engine
        .eval_text(&pos)
        .lines()
        .find(|l| l.starts_with("NNUE"))
        .expect("an NNUE line")
        .to_string()
}

#[test]
fn eval_file_is_used_refused_and_reset() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let bystander = Engine::new();
    let built_in = nnue_line(&bystander, fen);
    let dir = std::env::temp_dir().join(format!("vidle-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("random.nnue");
    std::fs::write(&file, Net::new(256, 99).to_engine_bytes()).unwrap();
    let mut engine = Engine::new();
    engine.set_option("EvalFile", file.to_str().unwrap()).expect("a valid network");
    let other = nnue_line(&engine, fen);
    assert_ne!(other, built_in, "the file's network is in use");
    assert_eq!(nnue_line(&bystander, fen), built_in, "another engine keeps its network");

    let bad = dir.join("bad.nnue");
    std::fs::write(&bad, b"VDNN-not-a-network").unwrap();
    let err = engine.set_option("EvalFile", bad.to_str().unwrap()).unwrap_err().to_string();
    assert!(err.contains("bad.nnue"), "{err}");
    assert_eq!(nnue_line(&engine, fen), other, "a refused file leaves the network in use");
    let err = engine
        .set_option("EvalFile", dir.join("missing").to_str().unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.contains("missing"), "{err}");
    let small = dir.join("small.nnue");
    std::fs::write(&small, Net::new(32, 1).to_engine_bytes()).unwrap();
    assert!(
        engine
            .set_option("EvalFile", small.to_str().unwrap())
            .unwrap_err()
            .to_string()
            .contains("32 hidden")
    );

    // The error is typed: the option, the path, and the reader's own error as its source.
    let bad_path = bad.to_str().unwrap().to_string();
    match engine.set(vidle_engine::EngineOption::EvalFile(bad_path.clone())) {
        Err(vidle_engine::OptionError::Load(e)) => {
            assert_eq!((e.option, e.path.as_str()), ("EvalFile", bad_path.as_str()));
            let net = e.source.downcast_ref::<vidle_engine::NetError>().expect("a NetError");
            assert!(matches!(net, vidle_engine::NetError::Version(_)), "{net:?}");
        }
        other => panic!("a load error, not {other:?}"),
    }

    engine.set_option("EvalFile", "<built-in>").unwrap();
    assert_eq!(nnue_line(&engine, fen), built_in);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A network with king buckets (file version 4) is taken by `EvalFile` and searched with: a
/// game of kings walking across the buckets and the board's middle ends in a legal move.
#[test]
fn eval_file_with_king_buckets_is_searched() {
    let dir = std::env::temp_dir().join(format!("vidle-evalfile-kings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("kings.nnue");
    let kings = vidle_engine::net_format::KingInputs::preset(8).expect("a preset");
    std::fs::write(&file, Net::with_inputs(128, 8, kings, 5).to_engine_bytes()).unwrap();
    let mut engine = Engine::new();
    engine.set_option("EvalFile", file.to_str().unwrap()).expect("a valid network");
    let mut game =
        vidle_core::Game::from_fen("8/3k4/8/2p5/2P5/8/3K4/8 w - - 0 1").expect("valid FEN");
    for _ in 0..6 {
        let limits = vidle_engine::SearchLimits { depth: Some(8), ..Default::default() };
        let m = engine.search_blocking(&game, limits).best.expect("a move");
        assert!(game.play(m), "a legal move");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
