//! `vidle datagen --eval-file`: the games are searched with the file's network (the network is
//! the process's, so this is tested on the binary rather than inside the test process).

use std::path::Path;
use std::process::Command;

mod data_dir;
use data_dir::{DataDir, OwnData};

/// The first chunk of seed 5 (one game of 300 nodes a move) written into `out`.
fn chunk(data: &DataDir, out: &Path, extra: &[&str]) -> Vec<u8> {
    let o = out.to_str().unwrap();
    let base = ["datagen", "--out", o, "--games", "1", "--chunk-games", "1", "--nodes", "300"];
    let run = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .own_data(data)
        .args(base)
        .args(["--seed", "5"])
        .args(extra)
        .output()
        .expect("start vidle");
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{err}");
    std::fs::read(out.join("seed-5/chunk-0.vpk")).unwrap()
}

#[test]
fn the_games_are_searched_with_the_file_network() {
    let data = DataDir::new();
    let dir = data.path();
    let built_in = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../engine/nets")
        .join(vidle_engine::NNUE_EMBEDDED_FILE);
    let bytes = std::fs::read(&built_in).unwrap();
    // The same network with every output bias raised by about 100 cp: its scores differ.
    assert_eq!(&bytes[..8], b"VDNN\x03\x00\x00\x00", "a version-3 network");
    let buckets = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let mut shifted = bytes;
    let at = shifted.len() - 4 * buckets;
    for b in shifted[at..].chunks_exact_mut(4) {
        let v = i32::from_le_bytes(b.try_into().unwrap()) + 65_280;
        b.copy_from_slice(&v.to_le_bytes());
    }
    let shifted_file = dir.join("shifted.nnue");
    std::fs::write(&shifted_file, &shifted).unwrap();

    let default = chunk(&data, &dir.join("default"), &[]);
    let same = chunk(&data, &dir.join("same"), &["--eval-file", built_in.to_str().unwrap()]);
    let other = chunk(&data, &dir.join("other"), &["--eval-file", shifted_file.to_str().unwrap()]);
    assert!(!default.is_empty());
    assert_eq!(default, same, "the built-in network's file plays the built-in network's games");
    assert_ne!(default, other, "another network scores the games otherwise");
    let recipe = std::fs::read_to_string(dir.join("other/seed-5/recipe.txt")).unwrap();
    assert!(recipe.contains("eval-file shifted.nnue fnv1a64 "), "{recipe}");
}
