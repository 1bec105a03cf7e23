use super::data::{Filter, LoadStats, Raw, Sample, load, split, split_files};
use super::model::{Net, Quantised};
use super::*;
use crate::packed::Record;
use vidle_core::{Position, Role};
use vidle_engine::net_format::{self, KingInputs, QA};

/// Positions from random games, labelled with the material balance (White's view) and the
/// sign of it as the result: data a network can learn quickly.
fn synthetic(n: usize, seed: u64) -> Vec<Raw> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = Position::startpos();
        for _ in 0..rng.below(80) + 4 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.played(moves.iter().nth(rng.below(moves.len())).expect("in range"));
        }
        if pos.legal_moves().is_empty() || pos.is_check() {
            continue;
        }
        let value = [
            (Role::Pawn, 100),
            (Role::Knight, 300),
            (Role::Bishop, 300),
            (Role::Rook, 500),
            (Role::Queen, 900),
        ]
        .iter()
        .map(|&(r, v)| {
            v * (pos.pieces(vidle_core::Color::White, r).count() as i32
                - pos.pieces(vidle_core::Color::Black, r).count() as i32)
        })
        .sum::<i32>();
        let result = match value {
            v if v > 150 => 2,
            v if v < -150 => 0,
            _ => 1,
        };
        out.push(Record { pos, score: value as i16, result, quiet: true }.to_bytes());
    }
    out
}

fn small_config(threads: usize) -> Config {
    Config {
        hidden: 16,
        epochs: 10,
        batch: 64,
        lr: 3e-3,
        wdl: 0.25,
        seed: 5,
        threads,
        mirror: false,
    }
}

/// The analytic gradient of `backward` agrees with finite differences of the loss, with one
/// output bucket and with four, without king buckets and with eight.
#[test]
fn gradient_matches_finite_differences() {
    for buckets in [1, 4] {
        check_gradient(buckets, KingInputs::NONE);
    }
    check_gradient(4, KingInputs::preset(8).unwrap());
}

fn check_gradient(buckets: usize, kings: KingInputs) {
    let data = synthetic(8, 3);
    let mut net = Net::with_inputs(8, buckets, kings, 11);
    // Biases that put units inside (0, 1), where the activation has a slope.
    let h = net.hidden;
    let inputs = kings.rows();
    for b in &mut net.params[inputs * h..inputs * h + h] {
        *b = 0.4;
    }
    let mut grad = vec![0.0f32; net.params.len()];
    let mut scratch = net.scratch();
    let samples: Vec<Sample> = data.iter().map(|r| Sample::new(r, 0.25)).collect();
    for s in &samples {
        net.backward(s, 1.0, &mut grad, &mut scratch);
    }
    let total = |net: &Net| -> f64 {
        let mut scratch = net.scratch();
        samples
            .iter()
            .map(|s| {
                let p = 1.0 / (1.0 + (-f64::from(net.forward(s, &mut scratch))).exp());
                (p - f64::from(s.target)).powi(2)
            })
            .sum()
    };
    // Parameters that matter: a used input row, an accumulator bias, output weights of both
    // halves and the output bias of the first sample's bucket.
    let key = kings.key(usize::from(samples[0].kings[0]));
    let row = KingInputs::row(key, usize::from(samples[0].us[0]));
    let used = row * h;
    // With king buckets, the feature's row of the shared block too (the last 768 rows).
    let shared = if kings.count() > 1 {
        net.params.len() - net_format::INPUTS * h + (row - key.0) * h
    } else {
        used
    };
    let b = net_format::bucket(samples[0].len, buckets);
    let out_w = inputs * h + h + b * 2 * h;
    let out_b = inputs * h + h + buckets * 2 * h + b;
    let mut checked = 0;
    for i in [used, used + 3, shared + 1, inputs * h + 2, out_w + 1, out_w + h + 5, out_b] {
        let eps = 1e-2f32;
        let mut plus = net.clone();
        plus.params[i] += eps;
        let mut minus = net.clone();
        minus.params[i] -= eps;
        let numeric = (total(&plus) - total(&minus)) / (2.0 * f64::from(eps));
        let analytic = f64::from(grad[i]);
        assert!(
            (numeric - analytic).abs() <= 1e-3 + 0.05 * numeric.abs(),
            "{buckets} buckets, parameter {i}: numeric {numeric}, analytic {analytic}"
        );
        if numeric.abs() > 1e-5 {
            checked += 1;
        }
    }
    assert!(checked >= 5, "{buckets} buckets: only {checked} parameters had a gradient to compare");
}

/// Training lowers the held-out loss well below that of the untrained network and of the best
/// constant prediction.
#[test]
fn training_learns_material() {
    let data = synthetic(6000, 7);
    let (mut tr, val) = split(data, 0.1, 1);
    assert!(val.len() > 300 && tr.len() > 4000, "{} / {}", tr.len(), val.len());
    let cfg = small_config(2);
    let mut net = Net::new(cfg.hidden, cfg.seed);
    let before = loss(&net, &val, cfg.wdl);
    let targets: Vec<f64> = val.iter().map(|r| f64::from(Sample::new(r, cfg.wdl).target)).collect();
    let mean = targets.iter().sum::<f64>() / targets.len() as f64;
    let constant = targets.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / targets.len() as f64;
    let mut reports = Vec::new();
    train(&mut net, &mut tr, &val, &cfg, |r| {
        reports.push(r.clone());
        true
    });
    let after = reports.last().expect("epochs ran").val_loss;
    assert_eq!(reports.len(), cfg.epochs);
    assert!(after < before * 0.5, "held-out loss {before} -> {after}");
    assert!(after < constant * 0.5, "held-out loss {after}, constant prediction {constant}");
}

/// The same seed and thread count give the same network, bit for bit.
#[test]
fn runs_are_reproducible() {
    let data = synthetic(1500, 9);
    let run = |threads| {
        let (mut tr, val) = split(data.clone(), 0.1, 1);
        let mut cfg = small_config(threads);
        cfg.epochs = 2;
        let mut net = Net::new(cfg.hidden, cfg.seed);
        train(&mut net, &mut tr, &val, &cfg, |_| true);
        net
    };
    assert_eq!(run(2), run(2));
    assert_ne!(run(2), Net::new(16, 5), "training changed nothing");
}

/// Untrained networks of every size the engine reads, with one output bucket and with eight,
/// are read back by the engine with their shape; and they are, byte for byte, the networks the
/// engine's own tests check its incremental updates with (`crates/engine/src/nnue/mod.rs`,
/// `random_network`, whose fingerprint is the same).
#[test]
fn untrained_networks_of_every_shape_are_read() {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (i, hidden) in net_format::SIZES.into_iter().enumerate() {
        for buckets in [1, 8] {
            let bytes = Net::with_buckets(hidden, buckets, 100 + i as u64).to_engine_bytes();
            let net =
                net_format::Network::from_bytes(&bytes).expect("the trainer writes valid networks");
            assert_eq!((net.hidden(), net.buckets()), (hidden, buckets));
            hash =
                bytes.iter().fold(hash, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
        }
    }
    assert_eq!(hash, 0x3788_29ca_d89c_431b, "{hash:#x}");
}

/// The same for networks with king buckets: byte for byte the engine's `king_networks`
/// (`UNTRAINED_KINGS_FINGERPRINT` there), read back with their shape.
#[test]
fn untrained_networks_with_king_buckets_are_read() {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (hidden, buckets, kings, seed) in
        [(128, 1, 1, 200), (128, 8, 4, 201), (256, 8, 8, 202), (512, 4, 16, 203)]
    {
        let kings = KingInputs::preset(kings).expect("a preset");
        let bytes = Net::with_inputs(hidden, buckets, kings, seed).to_engine_bytes();
        let net = net_format::Network::from_bytes(&bytes).expect("a valid network");
        assert_eq!((net.hidden(), net.buckets(), net.kings()), (hidden, buckets, kings));
        hash = bytes.iter().fold(hash, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    }
    assert_eq!(hash, 0x80f5_fb23_1797_6605, "{hash:#x}");
}

/// The quantised network read by the engine evaluates every position as the trainer's integer
/// arithmetic does, and close to the float network, with one output bucket and with eight.
#[test]
fn engine_reads_what_the_trainer_writes() {
    // Every shape the engine reads: its (vectorised) integer arithmetic against the trainer's
    // scalar reference.
    for hidden in net_format::SIZES {
        for buckets in [1, 8] {
            engine_reads(hidden, buckets, KingInputs::NONE);
        }
    }
    // And with king buckets, whose rows the trainer picks as the engine does.
    for (hidden, kings) in [(128, 1), (256, 4), (256, 8), (512, 16)] {
        engine_reads(hidden, 8, KingInputs::preset(kings).expect("a preset"));
    }
}

fn engine_reads(hidden: usize, buckets: usize, kings: KingInputs) {
    let mut net = Net::with_inputs(hidden, buckets, kings, 21);
    if kings.count() > 1 {
        // A shared block that is not zero (it starts so): the file must hold the sums.
        let n = net.params.len();
        for (i, w) in net.params[n - net_format::INPUTS * hidden..].iter_mut().enumerate() {
            *w = 0.05 * (i as f32 * 0.37).sin();
        }
    }
    let engine_net = net_format::Network::from_bytes(&net.to_engine_bytes()).expect("valid file");
    assert_eq!(engine_net.buckets(), buckets);
    let q = Quantised::new(&net);
    let mut scratch = net.scratch();
    for raw in synthetic(200, 13) {
        let rec = Record::from_bytes(&raw).expect("valid");
        let s = Sample::new(&raw, 0.0);
        let int = q.eval_cp(&s);
        assert_eq!(engine_net.evaluate(&rec.pos), int);
        let float = net.eval_cp(&s, &mut scratch);
        // Rounding errors of the 2 × hidden output terms add up like a random walk.
        let tolerance = 40.0 * (hidden as f32 / 256.0).sqrt();
        assert!(
            (float - int as f32).abs() < tolerance,
            "hidden {hidden}: float {float}, int {int}"
        );
    }
    let lines = check_lines(&net, &synthetic(20, 4), 10);
    assert_eq!(lines.len(), 10);
    assert!(lines[0].split(" | ").count() == 3, "{}", lines[0]);
}

/// A file of version 2 (output layer scaled by 64, as `tools/nnue/train.py` and the trainer
/// before version 3 wrote them) is read as the same network with its output layer scaled up
/// by 16; the version-3 file of the same float weights is on average much closer to the float
/// network (its output weights are rounded 16 times finer).
#[test]
fn version_2_files_are_read_scaled_and_version_3_rounds_finer() {
    let net = Net::with_buckets(256, 8, 22);
    let q = Quantised::new(&net);
    let l = net_format::LEGACY_QB;
    let (h, b) = (net.hidden, net.buckets);
    let out_w = &net.params[net.params.len() - b - 2 * h * b..net.params.len() - b];
    let out_b = &net.params[net.params.len() - b..];
    let legacy_w: Vec<i16> = out_w.iter().map(|w| (w * l as f32).round() as i16).collect();
    let legacy_b: Vec<i32> =
        out_b.iter().map(|x| (f64::from(*x) * f64::from(QA * l)).round() as i32).collect();
    let mut bytes = b"VDNN".to_vec();
    for word in [2, h as u32, b as u32] {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    for v in q.ft_w.iter().chain(&q.ft_b).chain(&legacy_w) {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    for v in &legacy_b {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    let legacy = net_format::Network::from_bytes(&bytes).expect("a valid version-2 file");
    let current = net_format::Network::from_bytes(&net.to_engine_bytes()).expect("valid");
    // The version-2 file's integer network as the engine holds it: weights and biases × 16.
    let scaled = Quantised {
        out_w: legacy_w.iter().map(|w| w * 16).collect(),
        out_b: legacy_b.iter().map(|x| x * 16).collect(),
        ..Quantised::new(&net)
    };
    let mut scratch = net.scratch();
    let (mut err_legacy, mut err_current) = (0.0, 0.0);
    for raw in synthetic(300, 17) {
        let pos = Record::from_bytes(&raw).expect("valid").pos;
        let s = Sample::new(&raw, 0.0);
        assert_eq!(legacy.evaluate(&pos), scaled.eval_cp(&s));
        assert_eq!(current.evaluate(&pos), q.eval_cp(&s));
        let float = net.eval_cp(&s, &mut scratch);
        err_legacy += (float - legacy.evaluate(&pos) as f32).abs();
        err_current += (float - current.evaluate(&pos) as f32).abs();
    }
    assert!(err_current * 3.0 < err_legacy, "mean errors {err_current} and {err_legacy} (×300)");
}

#[test]
fn float_weights_round_trip_and_bad_files_are_refused() {
    let bucketed = Net::with_buckets(8, 8, 3);
    assert_eq!(Net::from_float_bytes(&bucketed.to_float_bytes()), Ok(bucketed));
    let kinged = Net::with_inputs(8, 8, KingInputs::preset(4).unwrap(), 3);
    let bytes = kinged.to_float_bytes();
    assert_eq!(Net::from_float_bytes(&bytes), Ok(kinged));
    let mut bad = bytes.clone();
    bad[16] = 0;
    assert!(Net::from_float_bytes(&bad).unwrap_err().contains("0 king buckets"));
    let mut bad = bytes;
    bad[20] = 9;
    assert!(Net::from_float_bytes(&bad).unwrap_err().contains("bucket 9"));
    let net = Net::new(8, 2);
    let bytes = net.to_float_bytes();
    // Version 1 (no buckets word) is one bucket.
    let mut v1 = bytes.clone();
    v1.drain(12..16);
    v1[4] = 1;
    assert_eq!(Net::from_float_bytes(&v1).as_ref(), Ok(&net));
    assert_eq!(Net::from_float_bytes(&bytes), Ok(net));
    assert!(Net::from_float_bytes(&bytes[..bytes.len() - 1]).unwrap_err().contains("bytes"));
    assert!(Net::from_float_bytes(b"VDNN").unwrap_err().contains("VDNF"));
    let mut other = bytes.clone();
    other[4] = 4;
    assert!(Net::from_float_bytes(&other).unwrap_err().contains("version"));
    let mut other = bytes;
    other[12] = 0;
    assert!(Net::from_float_bytes(&other).unwrap_err().contains("0 output buckets"));
}

/// The features are those of `nnue.rs`, from the side to move's view: a position and its colour
/// mirror give the same sample.
#[test]
fn samples_are_colour_symmetric() {
    let a =
        vidle_core::parse_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
            .unwrap();
    let b =
        vidle_core::parse_fen("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3")
            .unwrap();
    let ra = Record { pos: a, score: 35, result: 2, quiet: true }.to_bytes();
    let rb = Record { pos: b, score: -35, result: 0, quiet: true }.to_bytes();
    let (sa, sb) = (Sample::new(&ra, 0.5), Sample::new(&rb, 0.5));
    let sorted = |f: &[u16]| {
        let mut v = f.to_vec();
        v.sort_unstable();
        v
    };
    assert_eq!(sa.len, 32);
    assert_eq!(sorted(&sa.us[..sa.len]), sorted(&sb.us[..sb.len]));
    assert_eq!(sorted(&sa.them[..sa.len]), sorted(&sb.them[..sb.len]));
    assert!(
        (sa.target - sb.target).abs() < 1e-6 && sa.target > 0.75,
        "{} {}",
        sa.target,
        sb.target
    );
}

#[test]
fn loading_filters_and_counts() {
    let dir = std::env::temp_dir().join(format!("vidle-train-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let quiet = synthetic(3, 17);
    let mut bytes = Vec::new();
    for r in &quiet {
        bytes.extend_from_slice(r);
    }
    bytes.extend_from_slice(&quiet[0]); // a duplicate
    let mut loud = quiet[1];
    loud[31] = 0;
    bytes.extend_from_slice(&loud);
    let mut big = Record::from_bytes(&quiet[2]).unwrap();
    big.score = 2900;
    bytes.extend_from_slice(&big.to_bytes());
    let mut bad = quiet[0];
    bad[30] = 7;
    bytes.extend_from_slice(&bad);
    std::fs::write(dir.join("a.vpk"), &bytes).unwrap();
    std::fs::write(dir.join("manifest.tsv"), "a.vpk\t7\t0\t0\tvidle\n").unwrap();
    let filter = Filter { max_score: Some(2500), dedup: true, limit: None };
    let (kept, stats) = load(std::slice::from_ref(&dir), &filter).unwrap();
    assert_eq!(kept, quiet);
    assert_eq!(
        stats,
        LoadStats { files: 1, read: 7, bad: 1, not_quiet: 1, too_large: 1, duplicates: 1, kept: 3 }
    );
    let (kept, _) = load(std::slice::from_ref(&dir), &Filter { limit: Some(2), ..filter }).unwrap();
    assert_eq!(kept.len(), 2);
    std::fs::write(dir.join("a.vpk"), &bytes[..40]).unwrap();
    assert!(load(std::slice::from_ref(&dir), &filter).unwrap_err().contains("whole number"));
    assert!(load(&[dir.join("missing")], &filter).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn split_is_disjoint_deterministic_and_near_the_fraction() {
    let data = synthetic(4000, 23);
    let (a1, b1) = split(data.clone(), 0.2, 3);
    let (a2, b2) = split(data.clone(), 0.2, 3);
    assert_eq!((a1.len(), b1.len()), (a2.len(), b2.len()));
    assert_eq!(a1, a2);
    assert_eq!(a1.len() + b1.len(), data.len());
    assert!(b1.iter().all(|r| !a1.contains(r)), "a position on both sides of the split");
    let frac = b1.len() as f64 / data.len() as f64;
    assert!((0.15..0.25).contains(&frac), "held out {frac}");
}

/// The FEN with its board mirrored left to right (files a↔h); the other fields are kept, so it
/// is only for positions without castling rights or en passant square.
fn file_mirror_fen(fen: &str) -> String {
    let (board, rest) = fen.split_once(' ').expect("a FEN with fields");
    let ranks: Vec<String> = board
        .split('/')
        .map(|rank| {
            let mut squares = String::new();
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(n) => squares.extend(std::iter::repeat_n('1', n as usize)),
                    None => squares.push(c),
                }
            }
            squares.chars().rev().collect()
        })
        .collect();
    format!("{} {rest}", ranks.join("/"))
}

fn features(s: &Sample) -> (Vec<u16>, Vec<u16>) {
    let mut us = s.us[..s.len].to_vec();
    let mut them = s.them[..s.len].to_vec();
    us.sort_unstable();
    them.sort_unstable();
    (us, them)
}

/// A mirrored sample has the features of the mirrored position, read from a record of that
/// position (FEN mirrored as text, a second way to mirror), and the same target; a position
/// with a castling right is never mirrored; the draw of which positions are mirrored is about
/// half of them and repeatable.
#[test]
fn mirroring_matches_the_mirrored_position() {
    let fens = [
        "8/5k2/3p4/1p1Pp3/pP2Pp2/P4P2/6K1/8 w - - 0 40",
        "r4rk1/1bq1bppp/p2ppn2/1p6/3BPP2/P1NB4/1PP1Q1PP/R4R1K b - - 3 15",
        "6k1/5p1p/4p1p1/3n4/8/1P3BP1/5P1P/6K1 w - - 0 30",
    ];
    let mut mirrored_any = false;
    for fen in fens {
        let pos = vidle_core::fen::parse_fen(fen).expect("test FEN");
        let raw = Record { pos, score: 37, result: 2, quiet: true }.to_bytes();
        assert!(data::mirrorable(&raw), "{fen}");
        let other = vidle_core::fen::parse_fen(&file_mirror_fen(fen)).expect("mirrored FEN");
        let other_raw = Record { pos: other, score: 37, result: 2, quiet: true }.to_bytes();
        let a = Sample::view(&raw, 0.25, true);
        let b = Sample::new(&other_raw, 0.25);
        assert_eq!(features(&a), features(&b), "{fen}");
        assert_ne!(features(&a), features(&Sample::new(&raw, 0.25)), "{fen}: no mirror at all");
        assert_eq!(a.target, b.target);
        mirrored_any = true;
    }
    assert!(mirrored_any);
    for fen in [
        "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
    ] {
        let pos = vidle_core::fen::parse_fen(fen).expect("test FEN");
        let raw = Record { pos, score: 0, result: 1, quiet: true }.to_bytes();
        assert!(!data::mirrorable(&raw), "{fen}");
        assert_eq!(features(&Sample::view(&raw, 0.25, true)), features(&Sample::new(&raw, 0.25)));
    }
    let cfg = Config { mirror: true, ..small_config(1) };
    let draws: Vec<bool> = (0..2000).map(|at| mirrored(&cfg, 3, at)).collect();
    let heads = draws.iter().filter(|&&m| m).count();
    assert!((900..=1100).contains(&heads), "{heads} of 2000 mirrored");
    assert_eq!(draws, (0..2000).map(|at| mirrored(&cfg, 3, at)).collect::<Vec<_>>());
    assert_ne!(draws, (0..2000).map(|at| mirrored(&cfg, 4, at)).collect::<Vec<_>>());
    let off = Config { mirror: false, ..cfg };
    assert!((0..2000).all(|at| !mirrored(&off, 3, at)));
}

/// Held out by file: whole files on one side, about the fraction asked, the same split whatever
/// else is in the list (a file's side depends on its name and the seed only), another seed
/// another split, and files of different seed directories told apart.
#[test]
fn files_are_held_out_whole_and_by_name() {
    let files: Vec<std::path::PathBuf> =
        (0..2000).map(|i| format!("/data/nnue/seed-{}/chunk-{i}.vpk", i % 2).into()).collect();
    let (tr, val) = split_files(files.clone(), 0.1, 7);
    assert_eq!(tr.len() + val.len(), files.len());
    assert!((150..=250).contains(&val.len()), "{} of 2000 held out", val.len());
    assert!(val.iter().all(|f| !tr.contains(f)));
    let (_, val_half) = split_files(files[..1000].to_vec(), 0.1, 7);
    let expected: Vec<_> = val.iter().filter(|f| files[..1000].contains(f)).cloned().collect();
    assert_eq!(val_half, expected, "a file's side changed with the other files");
    let (_, other_seed) = split_files(files.clone(), 0.1, 8);
    assert_ne!(other_seed, val);
    // The directory is part of the name: chunk-1 of two seeds are not always on the same side.
    let twins = |v: &[std::path::PathBuf], i: usize| {
        v.contains(&format!("/x/seed-a/chunk-{i}.vpk").into())
            == v.contains(&format!("/x/seed-b/chunk-{i}.vpk").into())
    };
    let pairs: Vec<std::path::PathBuf> = (0..500)
        .flat_map(|i| [format!("/x/seed-a/chunk-{i}.vpk"), format!("/x/seed-b/chunk-{i}.vpk")])
        .map(Into::into)
        .collect();
    let (_, held) = split_files(pairs, 0.5, 1);
    assert!((0..500).any(|i| !twins(&held, i)));
    assert_eq!(split_files(files, 0.0, 7).1.len(), 0);
}

/// Positions are counted in the bucket of their piece count, and each bucket names its range.
#[test]
fn positions_are_counted_by_output_bucket() {
    let raw = |fen: &str| {
        let pos = vidle_core::fen::parse_fen(fen).expect("test FEN");
        Record { pos, score: 0, result: 1, quiet: true }.to_bytes()
    };
    let start = raw("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let krk = raw("8/8/8/4k3/8/8/8/KR6 w - - 0 1");
    let six = raw("8/5pk1/8/8/8/8/5PK1/1R2r3 w - - 0 1");
    let counts = bucket_counts(&[start, krk, krk, six], 8);
    assert_eq!(counts[0], (2, 5, 2));
    assert_eq!(counts[1], (6, 9, 1));
    assert_eq!(counts[7], (30, 32, 1));
    assert!(counts[2..7].iter().all(|c| c.2 == 0));
    assert_eq!(bucket_counts(&[start, krk], 1), vec![(2, 32, 2)]);
}

/// Scaling the output layer multiplies every evaluation by the factor, float and integer (to
/// within the rounding), and leaves the accumulator layer as it was.
#[test]
fn scaling_the_output_scales_every_evaluation() {
    let net = Net::with_buckets(256, 8, 23);
    let mut scaled = net.clone();
    scaled.scale_output(0.85);
    let ft = output_start(&net);
    assert_eq!(net.params[..ft], scaled.params[..ft]);
    assert_ne!(net.params[ft..], scaled.params[ft..]);
    let (q, qs) = (Quantised::new(&net), Quantised::new(&scaled));
    let mut scratch = net.scratch();
    let mut moved = 0;
    for raw in synthetic(200, 17) {
        let s = Sample::new(&raw, 0.0);
        let (f, fs) = (net.eval_cp(&s, &mut scratch), scaled.eval_cp(&s, &mut scratch));
        assert!((fs - 0.85 * f).abs() < 1e-3 * f.abs().max(1.0), "float {f} scaled to {fs}");
        let (i, is) = (q.eval_cp(&s), qs.eval_cp(&s));
        assert!((is as f32 - 0.85 * i as f32).abs() < 6.0, "integer {i} scaled to {is}");
        moved += usize::from(is != i);
    }
    assert!(moved > 150, "only {moved} of 200 evaluations changed");
}

/// Where the output layer starts in a network's parameters.
fn output_start(net: &Net) -> usize {
    (net_format::INPUTS + 1) * net.hidden
}
