//! File format: round trip, corrupt files, random bytes (errors, never panics or wrong values).

mod common;
use common::*;
use vidle_tb::format::{self, MetricKind};
use vidle_tb::probe::{FileSource, MmapSource, TableFile};
use vidle_tb::write::{Bits, Encoding};
use vidle_tb::{Material, Tablebases, TbError, TbValue};

fn sample_codes(m: Material) -> [Vec<u16>; 2] {
    let size = vidle_tb::index::Layout::new(m).size as usize;
    let f = |side: usize| -> Vec<u16> {
        (0..size)
            .map(|i| match (i * 7 + side) % 5 {
                0 => u16::MAX,
                1 => 1,
                k => (k as u16 + (i % 60) as u16) * 2 + (i % 2) as u16,
            })
            .collect()
    };
    [f(0), f(1)]
}

/// Read-back entries equal the written ones wherever those are legal; entries written as illegal
/// are "don't care" (filled with a neighbouring value) and only have to be some stored value.
fn assert_same_where_legal(back: &[Vec<u16>; 2], written: &[Vec<u16>; 2]) {
    for side in 0..2 {
        assert_eq!(back[side].len(), written[side].len());
        for (i, (&b, &w)) in back[side].iter().zip(&written[side]).enumerate() {
            if w == u16::MAX {
                assert!(b != 0 && b != u16::MAX, "side {side} entry {i}: filler {b}");
            } else {
                assert_eq!(b, w, "side {side} entry {i}");
            }
        }
    }
}

#[test]
fn round_trip_write_read_both_codecs() {
    let m: Material = "KRvK".parse().unwrap();
    let codes = sample_codes(m);
    for enc in [Encoding::RAW, Encoding::ZSTD] {
        let bytes = vidle_tb::write::encode_table(m, MetricKind::Dtm, &codes, enc);
        let (h, back) = format::decode_table(&bytes, "t").unwrap();
        assert_eq!(h.material, m);
        assert_same_where_legal(&back, &codes);
    }
    // Wide entries (byte planes), with the header's counts taken before the filling.
    let mut wide = codes;
    wide[1][5] = 1001;
    wide[0][8191] = 4000;
    let bytes = vidle_tb::write::encode_table(m, MetricKind::Dtz, &wide, Encoding::ZSTD);
    let (h, back) = format::decode_table(&bytes, "t").unwrap();
    assert_eq!(h.width, 2);
    assert_same_where_legal(&back, &wide);
    let illegal = wide[0].iter().filter(|&&c| c == u16::MAX).count() as u64;
    assert_eq!(h.counts[0][3], illegal);
}

#[test]
fn partial_reads_keep_exactly_the_entries_asked_for() {
    use vidle_tb::index::Layout;
    use vidle_tb::keep::Keep;
    let m: Material = "KQvKP".parse().unwrap();
    let layout = Layout::new(m);
    let rank = layout.promotion_keep(0, 4);
    assert_ne!(rank, Keep::All);
    let codes = sample_codes(m);
    let encodings = [
        Encoding::RAW,
        Encoding::ZSTD,
        Encoding { one_side: true, ..Encoding::ZSTD },
        Encoding { search_order: true, ..Encoding::ZSTD },
    ];
    let choices = [None, Some(Keep::All), Some(rank)];
    for enc in encodings {
        let bytes = vidle_tb::write::encode_table(m, MetricKind::Dtm, &codes, enc);
        let (h, whole) = format::decode_table(&bytes, "t").unwrap();
        // The other digit order is read whole and then picked from: make sure it is met.
        assert_eq!(!h.order.is_empty(), enc.search_order, "{enc:?}");
        for white in choices {
            for black in choices {
                let parts = [white, black];
                // A used buffer, longer than needed: its old contents must not show through.
                let (_, got) = format::decode_parts(&bytes, "t", vec![7; 1 << 20], parts).unwrap();
                let mut want = Vec::new();
                for (side, keep) in parts.iter().enumerate() {
                    if let Some(keep) = keep {
                        keep.for_each_run(0, layout.size, |a, b| {
                            want.extend_from_slice(&whole[side][a as usize..b as usize]);
                        });
                    }
                }
                assert_eq!(got.len(), want.len(), "{enc:?} {parts:?}");
                assert!(got == want, "{enc:?} {parts:?}: entries differ");
            }
        }
    }
}

#[test]
fn write_is_atomic_and_probe_reads_back() {
    let dir = temp_dir("roundtrip");
    let m: Material = "KQvK".parse().unwrap();
    let codes = sample_codes(m);
    vidle_tb::write::write_table(&dir, m, MetricKind::Dtm, &codes, Encoding::ZSTD).unwrap();
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names, vec!["KQvK.vdtm".to_string()], "no temporary file left behind");
    let path = format::table_path(&dir, &m, MetricKind::Dtm);
    for t in [
        TableFile::open(Box::new(FileSource::open(&path).unwrap()), "KQvK").unwrap(),
        TableFile::open(Box::new(MmapSource::open(&path).unwrap()), "KQvK").unwrap(),
    ] {
        for side in 0..2 {
            for idx in (0..codes[0].len()).step_by(97) {
                if codes[side][idx] != u16::MAX {
                    assert_eq!(t.code(side, idx as u64).unwrap(), codes[side][idx]);
                }
            }
        }
    }
}

#[test]
fn flipped_byte_is_a_checksum_error_naming_table_and_block() {
    let dir = temp_dir("corrupt");
    let m: Material = "KQvK".parse().unwrap();
    let codes = sample_codes(m);
    vidle_tb::write::write_table(&dir, m, MetricKind::Dtm, &codes, Encoding::ZSTD).unwrap();
    let path = format::table_path(&dir, &m, MetricKind::Dtm);
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 10;
    bytes[last] ^= 0x40;
    std::fs::write(&path, &bytes).unwrap();
    let t = TableFile::open(Box::new(FileSource::open(&path).unwrap()), "KQvK.vdtm").unwrap();
    let err = t.verify_blocks().unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, TbError::CorruptBlock { .. }), "{text}");
    assert!(text.contains("KQvK.vdtm") && text.contains("block"), "{text}");
    // Through the public prober: a probe in that block is an error, never a value.
    let last_block = t.header.blocks - 1;
    let idx = last_block as u64 * t.header.block_entries as u64 - t.header.size;
    assert!(t.code(1, idx).is_err());
    // A flipped header byte is refused at open.
    let mut bytes2 = std::fs::read(&path).unwrap();
    bytes2[30] ^= 1;
    assert!(format::decode_table(&bytes2, "x").is_err());
    let _ = Tablebases::open(&dir).unwrap();
}

#[test]
fn random_bytes_never_panic() {
    let m: Material = "KRvK".parse().unwrap();
    let good = vidle_tb::write::encode_table(m, MetricKind::Dtm, &sample_codes(m), Encoding::ZSTD);
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut rand = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for round in 0..3000 {
        let mut bytes = if round % 3 == 0 {
            (0..(rand() % 4096) as usize).map(|_| rand() as u8).collect::<Vec<u8>>()
        } else {
            good.clone()
        };
        if round % 3 != 0 {
            // Corrupt a few bytes, sometimes in the header, and sometimes truncate.
            for _ in 0..(1 + rand() % 4) {
                let n = bytes.len();
                let at =
                    if rand() % 2 == 0 { (rand() % 160) as usize } else { (rand() as usize) % n };
                bytes[at.min(n - 1)] = rand() as u8;
            }
            if round % 5 == 0 {
                bytes.truncate((rand() as usize) % bytes.len());
            }
        }
        if let Ok((h, codes)) = format::decode_table(&bytes, "fuzz") {
            // Whatever decodes must be exactly what was written (checksums guard the rest).
            assert_eq!(h.material, m);
            assert_same_where_legal(&codes, &sample_codes(m));
        }
    }
}

#[test]
fn exit_bounded_entries_read_back_no_better_than_written() {
    let m: Material = "KRvK".parse().unwrap();
    let codes = sample_codes(m);
    // Every third legal entry is what its best exit gives.
    let bounded: [Bits; 2] = std::array::from_fn(|side| {
        Bits::from_fn(codes[side].len(), |i| codes[side][i] != u16::MAX && i % 3 == 0)
    });
    let enc = Encoding { bounded: Some(&bounded), ..Encoding::ZSTD };
    let bytes = vidle_tb::write::encode_table(m, MetricKind::Dtm, &codes, enc);
    let (h, back) = format::decode_table(&bytes, "t").unwrap();
    assert_eq!(h.flags, format::FLAG_EXIT_BOUND);
    let mut lowered = 0;
    for side in 0..2 {
        for i in 0..codes[side].len() {
            let (w, b) = (codes[side][i], back[side][i]);
            if w == u16::MAX {
                continue;
            }
            let (wv, bv) = (TbValue::from_code(w).unwrap(), TbValue::from_code(b).unwrap());
            if !bounded[side].get(i) {
                assert_eq!(b, w, "side {side} entry {i}: exact entry changed");
            } else {
                assert!(bv <= wv, "side {side} entry {i}: bounded {wv:?} read back as {bv:?}");
                lowered += (bv != wv) as u32;
            }
        }
    }
    assert!(lowered > 0, "no bounded entry took its neighbour's value");
    // Flags are refused on DTZ tables and unknown flags everywhere.
    let mut bad = bytes;
    bad[13] = 2;
    assert!(format::decode_table(&bad, "t").is_err());
}

#[test]
fn exit_bounded_dtm_files_probe_to_the_generators_full_values() {
    // A directory of its own: other tests here count the pieces of the shared one.
    let dir = temp_dir("bounded");
    let targets: Vec<Material> =
        ["KQvKR", "KPvK", "KBNvK", "KRvKN"].map(|n| n.parse().unwrap()).to_vec();
    let opts = vidle_tb::GenOptions::new(dir.clone(), 0, false);
    vidle_tb::generate(&targets, &opts, |_| {}).unwrap();
    let tb = Tablebases::open(&dir).unwrap();
    let mut reordered = 0;
    for name in ["KQvKR", "KPvK", "KBNvK", "KQvK", "KRvKN"] {
        let m: Material = name.parse().unwrap();
        let (h, file) = format::read_table(&format::table_path(&dir, &m, MetricKind::Dtm)).unwrap();
        assert_eq!(h.flags, format::FLAG_EXIT_BOUND, "{name}");
        assert_eq!(full_order(&dir, &m), Vec::<u8>::new(), "{name}: the full copy is in order");
        reordered += !h.order.is_empty() as u32;
        let (full_h, full) = format::read_table(&format::resolved_path(&dir, &m)).unwrap();
        assert_eq!(full_h.flags, 0);
        let layout = vidle_tb::index::Layout::new(m);
        let (mut legal, mut bounded) = (0, 0);
        for (side, b, fen) in positions(&m) {
            let idx = layout.encode(&b) as usize;
            let probed = tb.code(&b, side, MetricKind::Dtm).unwrap().unwrap();
            assert_eq!(probed, full[side][idx], "{fen}: prober vs full copy");
            legal += 1;
            bounded += (file[side][idx] != full[side][idx]) as u32;
        }
        // Every table has positions decided by a capture or promotion (in KQvK: Kxq).
        assert!(legal > 0 && bounded > 0, "{name}: {bounded} of {legal} entries bounded");
    }
    // KRvKN's DTM file is 22 % smaller with the knight's square most significant: the prober
    // and `read_table` above read at least one file in another digit order.
    assert!(reordered > 0, "every DTM file in the standard digit order");
}

/// Format version 5: a DTM file that stores one side to move. The stored side reads back
/// entry for entry, the other side reads as illegal in whole-table reads and is refused by
/// `TableFile::code`; the prober values it by its moves and gets the generator's full values
/// for every legal position, where the stored side is exit-bounded too, and where a move
/// (a promotion) lands in another one-sided table.
#[test]
fn one_sided_dtm_files_probe_to_the_generators_full_values() {
    let m: Material = "KRvK".parse().unwrap();
    let codes = sample_codes(m);
    let enc = Encoding { one_side: true, ..Encoding::ZSTD };
    let bytes = vidle_tb::write::encode_table(m, MetricKind::Dtm, &codes, enc);
    let (h, back) = format::decode_table(&bytes, "t").unwrap();
    let kept = if h.stores(0) { 0 } else { 1 };
    assert!(h.sides == 1 << kept && !h.stores(1 - kept), "sides {}", h.sides);
    assert_eq!(h.blocks as u64, h.size.div_ceil(h.block_entries as u64));
    assert!(back[1 - kept].iter().all(|&c| c == u16::MAX));
    let both = vidle_tb::write::encode_table(m, MetricKind::Dtm, &codes, Encoding::ZSTD);
    assert!(bytes.len() < both.len() * 3 / 4, "{} against {} bytes", bytes.len(), both.len());
    let t = TableFile::open(Box::new(vidle_tb::probe::MemSource(bytes)), "KRvK").unwrap();
    assert!(t.code(1 - kept, 0).is_err(), "the side not stored must not read as an entry");
    for idx in (0..codes[kept].len()).step_by(13) {
        if codes[kept][idx] != u16::MAX {
            assert_eq!(back[kept][idx], codes[kept][idx]);
            assert_eq!(t.code(kept, idx as u64).unwrap(), codes[kept][idx]);
        }
    }
    // A DTZ file always stores both sides.
    let mut dtz = vidle_tb::write::encode_table(m, MetricKind::Dtz, &codes, Encoding::ZSTD);
    dtz[14] = 1;
    let crc = crc32fast::hash(&dtz[..124]);
    dtz[124..128].copy_from_slice(&crc.to_le_bytes());
    assert!(format::decode_table(&dtz, "t").unwrap_err().to_string().contains("both sides"));

    // Generated tables rewritten one-sided, exit bounds kept.
    let dir = temp_dir("one-side");
    let targets: Vec<Material> = ["KQvKR", "KPvKP"].map(|n| n.parse().unwrap()).to_vec();
    vidle_tb::generate(&targets, &vidle_tb::GenOptions::new(dir.clone(), 0, false), |_| {})
        .unwrap();
    let rewritten: Vec<Material> = ["KQvKR", "KPvKP", "KQvKP"].map(|n| n.parse().unwrap()).to_vec();
    let mut full = Vec::new();
    for &m in &rewritten {
        let (_, codes) = format::read_table(&format::resolved_path(&dir, &m)).unwrap();
        // The entries the generator's file stores below their full value were exit-bounded
        // (where the bound happened to store the full value, it is kept exact here).
        let (_, file) = format::read_table(&format::table_path(&dir, &m, MetricKind::Dtm)).unwrap();
        let bounded: [Bits; 2] = std::array::from_fn(|side| {
            Bits::from_fn(codes[side].len(), |i| file[side][i] != codes[side][i])
        });
        let enc = Encoding { bounded: Some(&bounded), one_side: true, ..Encoding::ZSTD };
        vidle_tb::write::write_table(&dir, m, MetricKind::Dtm, &codes, enc).unwrap();
        full.push((m, codes, bounded));
    }
    let tb = Tablebases::open(&dir).unwrap();
    for (m, codes, bounded) in &full {
        let t = tb.table(*m, MetricKind::Dtm).unwrap().unwrap();
        assert_ne!(t.header.sides, format::SIDES_BOTH, "{m}");
        assert_eq!(t.header.flags, format::FLAG_EXIT_BOUND, "{m}");
        let layout = vidle_tb::index::Layout::new(*m);
        let (mut searched, mut bounded_read, mut stored_only) = (0, 0, 0);
        // Every seventh index (a probe of the side not stored is a search).
        for idx in (0..layout.size as usize).step_by(7) {
            let Some(b) = layout.decode(idx as u64) else { continue };
            for side in (0..2).filter(|&side| b.legal_with(side)) {
                let probed = tb.code(&b, side, MetricKind::Dtm).unwrap().unwrap();
                let fen = || b.fen(vidle_core::Color::ALL[side]);
                assert_eq!(probed, codes[side][idx], "{m} {}: prober vs full copy", fen());
                // The search's probe: the same value where the side is stored, else nothing.
                if idx % 70 == 0 {
                    let pos = vidle_core::fen::parse_fen(&fen()).unwrap();
                    let quick = tb.probe_dtm_stored(&pos).map(|r| r.unwrap().to_code());
                    let want = t.header.stores(side).then_some(probed);
                    assert_eq!(quick, want, "{m} {}: probe_dtm_stored", fen());
                    stored_only += 1;
                }
                searched += !t.header.stores(side) as u32;
                bounded_read += (t.header.stores(side) && bounded[side].get(idx)) as u32;
            }
        }
        assert!(
            searched > 0 && bounded_read > 0 && stored_only > 0,
            "{m}: {searched} searched, {bounded_read} bounded, {stored_only} quick probes"
        );
    }
    // The block budget: every block of every file here (more than the budget) read into the
    // caches, then the next probe empties them first; the count of cached blocks stays exact.
    let mut read = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        let Some((m, metric)) = format::name_identity(&name) else { continue };
        let t = tb.table(m, metric).unwrap().unwrap();
        for b in 0..t.header.blocks {
            t.block(b).unwrap();
            read += 1;
        }
    }
    assert!(read > vidle_tb::probe::CACHE_BLOCKS, "{read} blocks");
    assert!(tb.cached_blocks() > vidle_tb::probe::CACHE_BLOCKS, "{}", tb.cached_blocks());
    let b = vidle_tb::board::Board::from_position(
        &vidle_core::parse_fen("8/8/8/3k4/8/8/1Q6/K6r w - - 0 1").unwrap(),
    );
    assert!(tb.code(&b, 0, MetricKind::Dtm).unwrap().is_ok());
    assert!((1..100).contains(&tb.cached_blocks()), "{} blocks kept", tb.cached_blocks());
    tb.clear_cache();
    assert_eq!(tb.cached_blocks(), 0);
    // Without the generator's full copy, `tb stats` reads the file and resolves the side not
    // stored (and the bounded entries) through the prober: the same values where legal.
    let (m, codes, _) = &full[0];
    std::fs::remove_file(format::resolved_path(&dir, m)).unwrap();
    let exact = vidle_tb::stats::exact_dtm(&dir, *m).unwrap();
    let layout = vidle_tb::index::Layout::new(*m);
    for idx in 0..layout.size as usize {
        if let Some(b) = layout.decode(idx as u64) {
            for side in (0..2).filter(|&side| b.legal_with(side)) {
                assert_eq!(exact[side][idx], codes[side][idx], "{m} side {side} index {idx}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The digit order of the generator's full DTM copy of `m`.
fn full_order(dir: &std::path::Path, m: &Material) -> Vec<u8> {
    let bytes = std::fs::read(format::resolved_path(dir, m)).unwrap();
    format::Header::parse(&bytes, "copy").unwrap().order
}

#[test]
fn probe_api_on_generated_tables() {
    let dir = shared_tables(&["KQvK", "KRvK"]);
    let tb = Tablebases::open(&dir).unwrap();
    assert_eq!(tb.max_pieces(), 3);
    // Qg8 mates.
    let pos = vidle_core::parse_fen("k7/8/1K6/8/8/8/8/6Q1 w - - 0 1").unwrap();
    assert_eq!(tb.probe_dtm(&pos).unwrap().unwrap(), TbValue::Win(1));
    let moves = tb.root_moves(&pos).unwrap().unwrap();
    assert_eq!(moves[0].1, TbValue::Win(1));
    assert!(moves.windows(2).all(|w| w[0].1 >= w[1].1));
    // Colour-flipped material is probed through the stored orientation.
    let flipped = vidle_core::parse_fen("6q1/8/8/8/8/1k6/8/K7 b - - 0 1").unwrap();
    assert_eq!(tb.probe_dtm(&flipped).unwrap().unwrap(), TbValue::Win(1));
    // Not covered: too many pieces.
    assert!(tb.probe_dtm(&vidle_core::Position::startpos()).is_none());
}

/// `verify_table` re-derives values from successors: a table with one wrong but well-formed
/// entry (sound checksums) is reported, in full and when that entry is in the sample.
#[test]
fn verify_finds_a_wrong_value_with_sound_checksums() {
    let dir = temp_dir("verify-wrong");
    let m: Material = "KQvK".parse().unwrap();
    vidle_tb::generate(&[m], &vidle_tb::GenOptions::new(dir.clone(), 0, false), |_| {}).unwrap();
    let clean = vidle_tb::stats::verify_table(&Tablebases::open(&dir).unwrap(), m, 1).unwrap();
    assert!(clean.positions > 0 && clean.error_count == 0, "{:?}", clean.errors);

    // A won position (white to move) made two plies longer: still a win, but a wrong one.
    let (_, mut codes) = format::read_table(&format::resolved_path(&dir, &m)).unwrap();
    let layout = vidle_tb::index::Layout::new(m);
    let (_, b, fen) = positions(&m)
        .into_iter()
        .find(|(side, b, _)| {
            *side == 0
                && matches!(TbValue::from_code(codes[0][layout.encode(b) as usize]),
                Some(TbValue::Win(d)) if d > 5)
        })
        .unwrap();
    let idx = layout.encode(&b) as usize;
    let Some(TbValue::Win(d)) = TbValue::from_code(codes[0][idx]) else { unreachable!() };
    codes[0][idx] = TbValue::Win(d + 2).to_code();
    vidle_tb::write::write_table(&dir, m, MetricKind::Dtm, &codes, Encoding::ZSTD).unwrap();

    let full = vidle_tb::stats::verify_table(&Tablebases::open(&dir).unwrap(), m, 1).unwrap();
    // Its predecessors may disagree now too; the list shows the first 20 in index order.
    assert!(full.error_count >= 1, "{fen} not reported");
    // A sample of every idx-th entry holds it (and a handful of others).
    let step = (idx as u64).max(1);
    let r = vidle_tb::stats::verify_table(&Tablebases::open(&dir).unwrap(), m, step).unwrap();
    assert!(r.errors.iter().any(|e| e.contains(&fen)), "{fen}: {:?}", r.errors);
    assert!(r.positions <= 2 * (layout.size / step + 1));
    let sampled = vidle_tb::stats::verify_table(&Tablebases::open(&dir).unwrap(), m, 7).unwrap();
    assert!(sampled.positions < clean.positions / 5);
    let _ = std::fs::remove_dir_all(&dir);
}
