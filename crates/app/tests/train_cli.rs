//! `vidle train` with hostile inputs: numbers that are not numbers, files that are not files.
//! Each is refused at once with a clear error and nothing is written.

use std::process::Command;

fn train(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .arg("train")
        .args(args)
        .output()
        .expect("run vidle");
    (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn learning_rates_that_are_not_numbers_are_refused() {
    let dir = std::env::temp_dir().join(format!("vidle-train-lr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("net.nnue");
    for lr in ["nan", "inf", "-1", "0"] {
        let lr_arg = format!("--lr={lr}");
        let (ok, err) = train(&["--out", out.to_str().unwrap(), &lr_arg, dir.to_str().unwrap()]);
        assert!(!ok && err.contains("--lr"), "--lr {lr}: {err}");
        assert!(!out.exists(), "--lr {lr} wrote a network");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Devices and FIFOs as data, manifest or --init are refused without reading them
/// (/dev/zero used to grow past 1 GB, a FIFO to hang).
#[cfg(unix)]
#[test]
fn files_that_are_not_regular_files_are_refused() {
    let dir = std::env::temp_dir().join(format!("vidle-train-files-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("data")).unwrap();
    let out = dir.join("net.nnue");
    let out = out.to_str().unwrap();
    // A chunk file that is a device.
    let (ok, err) = train(&["--out", out, "/dev/zero"]);
    assert!(!ok && err.contains("not a regular file"), "{err}");
    // --init that is a device.
    let data = dir.join("data");
    let (ok, err) = train(&["--out", out, "--init", "/dev/zero", data.to_str().unwrap()]);
    assert!(!ok && err.contains("not a regular file"), "{err}");
    // A manifest that is a FIFO.
    let fifo = data.join("manifest.tsv");
    let made = Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
    if vidle_core::testdata::skip_unless(made, "the FIFO manifest case", "mkfifo failed") {
        let (ok, err) = train(&["--out", out, data.to_str().unwrap()]);
        assert!(!ok && err.contains("not a regular file"), "{err}");
    }
    assert!(!std::path::Path::new(out).exists());
    std::fs::remove_dir_all(&dir).ok();
}
