//! Any text: FEN and EPD parsing return errors, never panic; what parses round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vidle_core::fen::{parse_epd, to_fen};
use vidle_core::parse_fen;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = parse_fen(text) {
        for shredder in [false, true] {
            let written = to_fen(&pos, shredder);
            assert_eq!(parse_fen(&written), Ok(pos), "{text:?} -> {written}");
        }
        assert_eq!(pos.key(), pos.compute_key());
    }
    let _ = parse_epd(text);
});
